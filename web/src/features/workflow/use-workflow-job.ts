import {
  WORKFLOW_ERROR_CODES,
  type FolderNode,
  type Role,
  type WorkflowAction,
  type WorkflowRequests,
} from '@paddock/rules';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { assetKeys, folderTreeQueryOptions } from '../../api/assets.queries';
import { fetchWorkflowJob, submitWorkflow, type WorkflowJob } from '../../api/workflow.api';
import { useLanguage } from '../../i18n/use-language';
import { isFinalJobState, useJobProgress, waitForJobEnd } from '../jobs/use-job-progress';
import { useSession } from '../session/use-session';
import type { UiStore } from '../ui/ui-store';
import { useUiStore } from '../ui/ui-store-context';
import { useShowApiError } from '../ui/use-show-api-error';
import { SharedChannelsAlert } from './shared-channels-alert';
import { outcomeReport, workflowErrorMessage } from './workflow-errors';
import { workflowNotice, type WorkflowUndo } from './workflow-notices';

export interface WorkflowJobState {
  /** Sends the action; resolves true once the job is queued. A refusal `onRefused` takes is not shown. */
  submit<A extends WorkflowAction>(
    action: A,
    body: WorkflowRequests[A],
    onRefused?: (code: string) => boolean,
  ): Promise<boolean>;
  /** Submitting, or the job is running. */
  busy: boolean;
  /** 0–100 while the job runs, null otherwise. */
  progress: number | null;
}

/** What reporting a finished job needs; none of it tied to the component that started the job. */
interface ReportContext {
  t: TFunction;
  ui: UiStore;
  showApiError(error: unknown): void;
  queryClient: QueryClient;
  roots: readonly FolderNode[];
  roles: readonly Role[];
}

/** Shows a refusal of the hub before any job exists: its own alert or message, else the generic one. */
function showRefusal({ t, ui, showApiError }: ReportContext, error: unknown): void {
  const code = isApiError(error) ? error.code : undefined;
  if (code === WORKFLOW_ERROR_CODES.SHARED_IN_CHANNELS) {
    ui.setModal(SharedChannelsAlert, { onClose: () => ui.clearModal() });
  } else if (code && workflowErrorMessage(t, code)) {
    ui.showError({ code, message: workflowErrorMessage(t, code) });
  } else {
    showApiError(error);
  }
}

/**
 * After a job's end: its per-asset outcomes (failures and assets sent to junk as an error dialog
 * with their E-codes), or a notice saying where the assets went (with Undo where it can be undone),
 * and the listings and counts refreshed.
 */
async function reportFinished(
  context: ReportContext,
  jobId: string,
  action: WorkflowAction,
  undoable: boolean,
): Promise<WorkflowJob | null> {
  const { t, ui, showApiError, queryClient } = context;
  let job: WorkflowJob | null = null;
  try {
    job = await fetchWorkflowJob(jobId);
  } catch (error) {
    showApiError(error);
  }
  const outcomes = job?.outcomes ?? [];
  if (outcomes.some((o) => o.errorCode === WORKFLOW_ERROR_CODES.SHARED_IN_CHANNELS)) {
    ui.setModal(SharedChannelsAlert, { onClose: () => ui.clearModal() });
  } else if (job && job.state !== 'completed') {
    ui.showError({
      code: job.errorCode ?? undefined,
      message: workflowErrorMessage(t, job.errorCode) ?? t('workflow.jobFailed'),
    });
  } else {
    const report = outcomeReport(t, outcomes, context.roles);
    if (report) ui.showError(report);
    const notice = workflowNotice(action, outcomes, context.roots, undoable);
    if (notice) {
      const { undo } = notice;
      ui.notify({ message: notice.message, undo: undo && (() => void runUndo(context, undo)) });
    }
  }
  await queryClient.invalidateQueries({ queryKey: assetKeys.all });
  return job;
}

/** An Undo: the action that puts the assets back, as a durable job of its own, reported when it ends. */
async function runUndo(context: ReportContext, undo: WorkflowUndo): Promise<void> {
  try {
    const { jobId } = await submitWorkflow(undo.action, undo.body);
    await waitForJobEnd(jobId);
    await reportFinished(context, jobId, undo.action, false);
  } catch (error) {
    showRefusal(context, error);
  }
}

/**
 * One workflow action from submit to done: the job's progress over SSE, then its report (see
 * reportFinished) and `onFinished` — all on the job's completion event, never on a timer.
 */
export function useWorkflowJob(onFinished: (job: WorkflowJob | null) => void): WorkflowJobState {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const ui = useUiStore();
  const showApiError = useShowApiError();
  const queryClient = useQueryClient();
  const tree = useQuery(folderTreeQueryOptions(language));
  const { roles } = useSession();
  const [job, setJob] = useState<{ id: string; action: WorkflowAction } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const event = useJobProgress(job?.id ?? null);
  const finished = useRef<string | null>(null);
  const context: ReportContext = { t, ui, showApiError, queryClient, roots: tree.data?.roots ?? [], roles };
  const latest = useRef({ onFinished, context });
  latest.current = { onFinished, context };

  const finalState = event && isFinalJobState(event.state) ? event.state : null;
  useEffect(() => {
    if (!job || !finalState || finished.current === job.id) return;
    finished.current = job.id;
    void (async () => {
      const done = await reportFinished(latest.current.context, job.id, job.action, true);
      setJob(null);
      latest.current.onFinished(done);
    })();
  }, [job, finalState]);

  const submit: WorkflowJobState['submit'] = async (action, body, onRefused) => {
    setSubmitting(true);
    try {
      const queued = await submitWorkflow(action, body);
      setJob({ id: queued.jobId, action });
      return true;
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      if (code && onRefused?.(code)) return false;
      showRefusal(context, error);
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  return {
    submit,
    busy: submitting || job !== null,
    progress: job !== null ? (event?.progress ?? 0) : null,
  };
}
