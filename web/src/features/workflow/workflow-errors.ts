import {
  ASSET_ERROR_CODES,
  E_CODES,
  LEGAL_HOLD_ERROR_CODES,
  WORKFLOW_ERROR_CODES,
  mayOpenView,
  type AssetOutcome,
  type Role,
} from '@paddock/rules';
import type { TFunction } from 'i18next';
import type { ErrorDialogContent } from '../ui/ui-store';

/** The codes the workflow answers with a message of its own (SPEC §4, §8); others get the generic one. */
export const WORKFLOW_MESSAGE_CODES = [
  E_CODES.CONTENT_LOOKUP_ACCEPT_FAILED,
  E_CODES.CONTENT_LOOKUP_REJECT_FAILED,
  E_CODES.ACCEPT_LINK_FAILED,
  E_CODES.ACCEPT_UNLINK_FAILED,
  E_CODES.MOVE_LINK_FAILED,
  E_CODES.MOVE_UNLINK_FAILED,
  E_CODES.SUPPLIER_REMOVAL_FAILED,
  E_CODES.JUNK_MOVE_RETRY_FAILED,
  E_CODES.TRASH_FAILED,
  ...Object.values(WORKFLOW_ERROR_CODES),
] as const;
type MessageCode = (typeof WORKFLOW_MESSAGE_CODES)[number];

const hasMessage = (code: string | null | undefined): code is MessageCode =>
  (WORKFLOW_MESSAGE_CODES as readonly (string | null | undefined)[]).includes(code);

/** The translated sentence for a workflow error code, or undefined for the generic dialog text. */
export function workflowErrorMessage(t: TFunction, code: string | null | undefined): string | undefined {
  // Said once for approval and sharing alike, and a legal hold once for every act it refuses.
  if (code === ASSET_ERROR_CODES.UNREADABLE || code === LEGAL_HOLD_ERROR_CODES.HELD)
    return t(`error.codes.${code}`);
  return hasMessage(code) ? t(`workflow.errors.${code}`) : undefined;
}

/** Assets the job did not do as asked: failed, or sent to the department junk after a failed move. */
export function problemOutcomes(outcomes: readonly AssetOutcome[]): AssetOutcome[] {
  return outcomes.filter((outcome) => outcome.outcome === 'failed' || outcome.outcome === 'junk');
}

/**
 * The error dialog for a finished job whose assets were not all done: how many, what happened to the
 * first (by its E-code) and, when it went to the department junk, that it is there — with a link
 * to it for those who may open the junk (SPEC §6), else who can restore it — and every asset with
 * its code in the details.
 */
export function outcomeReport(
  t: TFunction,
  outcomes: readonly AssetOutcome[],
  roles: readonly Role[],
): ErrorDialogContent | null {
  const problems = problemOutcomes(outcomes);
  const first = problems[0];
  if (!first) return null;
  const junk = first.outcome === 'junk' ? first.toFolderId : null;
  const opensJunk = mayOpenView(roles, 'departmentJunk');
  const what = [
    workflowErrorMessage(t, first.errorCode) ??
      t(junk ? 'workflow.outcomes.moveFailed' : 'workflow.outcomes.failed'),
    ...(junk ? [t(opensJunk ? 'workflow.outcomes.inJunk' : 'workflow.outcomes.inJunkAskAdmin')] : []),
  ].join(' ');
  const summary = t('workflow.outcomes.summary', { count: problems.length, total: outcomes.length });
  return {
    code: first.errorCode ?? undefined,
    message: `${summary} ${what}`,
    trace: problems
      .map((p) => `${p.contentId}: ${t(`workflow.outcomes.kind.${p.outcome}`)} ${p.errorCode ?? ''}`.trim())
      .join('\n'),
    ...(junk && opensJunk
      ? { link: { label: t('workflow.outcomes.openJunk'), view: 'departmentJunk' as const, folder: junk } }
      : {}),
  };
}
