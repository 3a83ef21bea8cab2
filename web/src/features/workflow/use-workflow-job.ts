import { WORKFLOW_ERROR_CODES, type WorkflowAction, type WorkflowRequests } from '@paddock/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { assetKeys } from '../../api/assets.queries';
import { fetchWorkflowJob, submitWorkflow, type WorkflowJob } from '../../api/workflow.api';
import { isFinalJobState, useJobProgress } from '../jobs/use-job-progress';
import { useUiStore } from '../ui/ui-store-context';
import { useShowApiError } from '../ui/use-show-api-error';
import { SharedChannelsAlert } from './shared-channels-alert';
import { outcomeReport, workflowErrorMessage } from './workflow-errors';

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

/**
 * One workflow action from submit to done: the job's progress over SSE, then its per-asset
 * outcomes (failures and assets sent to junk reported with their E-codes), the listings and counts
 * refreshed, and `onFinished` — all on the job's completion event, never on a timer.
 */
export function useWorkflowJob(onFinished: (job: WorkflowJob | null) => void): WorkflowJobState {
  const { t } = useTranslation();
  const ui = useUiStore();
  const showApiError = useShowApiError();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const event = useJobProgress(jobId);
  const finished = useRef<string | null>(null);
  const latest = useRef({ onFinished, t, ui, showApiError });
  latest.current = { onFinished, t, ui, showApiError };

  const finalState = event && isFinalJobState(event.state) ? event.state : null;
  useEffect(() => {
    if (!jobId || !finalState || finished.current === jobId) return;
    finished.current = jobId;
    const { t, ui, showApiError } = latest.current;
    void (async () => {
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
        const report = outcomeReport(t, outcomes);
        if (report) ui.showError(report);
      }
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
      setJobId(null);
      latest.current.onFinished(job);
    })();
  }, [jobId, finalState, queryClient]);

  const submit: WorkflowJobState['submit'] = async (action, body, onRefused) => {
    setSubmitting(true);
    try {
      const queued = await submitWorkflow(action, body);
      setJobId(queued.jobId);
      return true;
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      if (code && onRefused?.(code)) return false;
      if (code === WORKFLOW_ERROR_CODES.SHARED_IN_CHANNELS) {
        ui.setModal(SharedChannelsAlert, { onClose: () => ui.clearModal() });
      } else if (code && workflowErrorMessage(t, code)) {
        ui.showError({ code, message: workflowErrorMessage(t, code) });
      } else {
        showApiError(error);
      }
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  return {
    submit,
    busy: submitting || jobId !== null,
    progress: jobId !== null ? (event?.progress ?? 0) : null,
  };
}
