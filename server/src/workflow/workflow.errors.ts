import { WORKFLOW_ERROR_CODES as CODES } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

/** The refusals of SPEC §4/§6 the hub answers before any job exists (nothing changed). */
export const workflowRefusal = {
  notInFolder: (ids: string[]) =>
    new DomainError(CODES.NOT_IN_FOLDER, 'Some contents are not in this folder', { ids }),
  mixedSteps: () => new DomainError(CODES.MIXED_STEPS, 'The contents are at different approval steps'),
  notEnabled: (step: number | null) =>
    new DomainError(CODES.NOT_ENABLED_FOR_STEP, `You are not enabled for approval step ${step}`),
  notAllowed: (action: string, view: string) =>
    new DomainError(CODES.ACTION_NOT_ALLOWED, `"${action}" is not allowed here (${view})`),
  targetNotWritable: () =>
    new DomainError(CODES.ACTION_NOT_ALLOWED, 'You may not add contents to the target folder'),
  targetNotAllowed: (view: string) =>
    new DomainError(CODES.TARGET_NOT_ALLOWED, `Contents cannot be moved into this folder (${view})`),
  originUnavailable: (ids: string[]) =>
    new DomainError(
      CODES.ORIGIN_UNAVAILABLE,
      'The folder some contents came from is unknown or no longer takes them: choose a folder',
      { ids },
    ),
  enrichmentRequired: () =>
    new DomainError(
      CODES.ENRICHMENT_FOLDER_REQUIRED,
      'The last step needs the enrichment folder (or one below it) of the same department',
    ),
  sharedInChannels: (ids: string[]) =>
    new DomainError(CODES.SHARED_IN_CHANNELS, 'Shared in more than one channel', { ids }),
  noteRequired: () => new DomainError(CODES.NOTE_REQUIRED, 'A rejection needs a note'),
  checklistOpen: (ids: string[]) =>
    new DomainError(
      CODES.CHECKLIST_OPEN,
      'The corrections asked when an earlier version was rejected are not all checked fixed or n/a',
      { ids },
    ),
  checklistStale: () =>
    new DomainError(
      CODES.CHECKLIST_STALE,
      'The asset has no such correction to check on this version: it has changed, reload it',
    ),
  badCanvas: () => DomainError.invalid('The drawing is not a valid drawing document'),
  noWorkflowFolder: (what: string) =>
    new DomainError(CODES.ACTION_NOT_ALLOWED, `The department has no ${what} folder`),
};
