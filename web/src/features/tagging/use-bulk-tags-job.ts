import type { TagsBulkRequest } from '@paddock/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assetKeys } from '../../api/assets.queries';
import { submitBulkTags } from '../../api/tagging.api';
import { fetchWorkflowJob } from '../../api/workflow.api';
import { isFinalJobState, useJobProgress } from '../jobs/use-job-progress';
import { useSession } from '../session/use-session';
import { useUiStore } from '../ui/ui-store-context';
import type { NoticeText } from '../ui/ui-store';
import { useShowApiError } from '../ui/use-show-api-error';
import { outcomeReport } from '../workflow/workflow-errors';

type BulkAction = TagsBulkRequest['action'];

/**
 * One `POST /api/tags/bulk` of the smart bar (tags or metadata): submitted, then the durable job's
 * progress, then `doneMessage` (or the per-asset failures) and fresh lists.
 */
export function useBulkTagsJob(doneMessage: (action: BulkAction, count: number) => NoticeText) {
  const { t } = useTranslation();
  const session = useSession();
  const ui = useUiStore();
  const showApiError = useShowApiError();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [job, setJob] = useState<{ id: string; action: BulkAction } | null>(null);
  const event = useJobProgress(job?.id ?? null);

  const ended = event && job && event.jobId === job.id && isFinalJobState(event.state);
  useEffect(() => {
    if (!ended || !job) return;
    setJob(null);
    void (async () => {
      try {
        const done = await fetchWorkflowJob(job.id);
        const outcomes = done.outcomes ?? [];
        const report = done.state === 'completed' ? outcomeReport(t, outcomes, session.roles) : null;
        if (done.state !== 'completed')
          ui.showError({ code: done.errorCode ?? undefined, message: t('workflow.jobFailed') });
        else if (report) ui.showError(report);
        else ui.notify({ message: doneMessage(job.action, outcomes.length) });
      } catch (error) {
        showApiError(error);
      }
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
    })();
  }, [ended, job, t, ui, showApiError, queryClient, doneMessage, session.roles]);

  /** Queues the change; true once the hub took it (a refusal is shown in the error dialog). */
  const submit = async (body: TagsBulkRequest): Promise<boolean> => {
    setSubmitting(true);
    try {
      const { jobId } = await submitBulkTags(body);
      setJob({ id: jobId, action: body.action });
      return true;
    } catch (error) {
      showApiError(error);
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting, running: job !== null, progress: job ? (event?.progress ?? 0) : null };
}
