import type { TagOption } from '@paddock/rules';
import { useQueryClient } from '@tanstack/react-query';
import { Tags } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarButton } from '../../components/ui/bar-button';
import { assetKeys } from '../../api/assets.queries';
import { submitBulkTags } from '../../api/tagging.api';
import { fetchWorkflowJob } from '../../api/workflow.api';
import { isFinalJobState, useJobProgress } from '../jobs/use-job-progress';
import { useSession } from '../session/use-session';
import { useUiStore } from '../ui/ui-store-context';
import { useShowApiError } from '../ui/use-show-api-error';
import { JobProgressBar } from '../workflow/job-progress-bar';
import { outcomeReport } from '../workflow/workflow-errors';
import { BulkTagDialog, type BulkTagAction } from './bulk-tag-dialog';
import { useTaggingLimit } from './use-tagging-limit';

interface BulkTagButtonProps {
  contentIds: readonly string[];
  folderId: string;
  iconOnly?: boolean;
}

/**
 * The smart bar's tag action (SPEC §2; at most LIMITS.taggingMaxAssets assets, SPEC §5): the
 * picker, then the durable job's progress, then a notice (or its per-asset failures) and fresh lists.
 */
export function BulkTagButton({ contentIds, folderId, iconOnly }: BulkTagButtonProps) {
  const { t } = useTranslation();
  const session = useSession();
  const ui = useUiStore();
  const showApiError = useShowApiError();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [job, setJob] = useState<{ id: string; action: BulkTagAction } | null>(null);
  const event = useJobProgress(job?.id ?? null);
  const limit = useTaggingLimit(contentIds.length);

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
        else ui.notify({ message: t(`tagging.bulk.done.${job.action}`, { count: outcomes.length }) });
      } catch (error) {
        showApiError(error);
      }
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
    })();
  }, [ended, job, t, ui, showApiError, queryClient, session.roles]);

  const confirm = async (action: BulkTagAction, tags: TagOption[]) => {
    setSubmitting(true);
    try {
      const { jobId } = await submitBulkTags({
        contentIds: [...contentIds],
        folderId,
        action,
        tags: tags.map(({ id, classificationId }) => ({ id, classificationId })),
      });
      setJob({ id: jobId, action });
      setOpen(false);
    } catch (error) {
      showApiError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <JobProgressBar progress={job ? (event?.progress ?? 0) : null} />
      <BarButton
        variant="outline"
        icon={<Tags />}
        label={t('tagging.bulk.open')}
        iconOnly={iconOnly}
        disabled={limit !== undefined || job !== null || contentIds.length === 0}
        title={limit}
        onClick={() => setOpen(true)}
      />
      {open ? (
        <BulkTagDialog
          count={contentIds.length}
          busy={submitting}
          onConfirm={(action, tags) => void confirm(action, tags)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
