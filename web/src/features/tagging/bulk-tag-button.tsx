import type { TagOption } from '@paddock/rules';
import { Tags } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarButton } from '../../components/ui/bar-button';
import { JobProgressBar } from '../workflow/job-progress-bar';
import { onDemand } from '../ui/on-demand';
import type { BulkTagAction } from './bulk-tag-dialog';
import { useBulkTagsJob } from './use-bulk-tags-job';
import { useTaggingLimit } from './use-tagging-limit';
import type { NoticeText } from '../ui/ui-store';

// Its code comes when the dialog first opens, not with the page that shows the button.
const BulkTagDialog = onDemand(() => import('./bulk-tag-dialog').then((module) => module.BulkTagDialog));

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
  const [open, setOpen] = useState(false);
  const done = useCallback(
    (action: BulkTagAction, count: number): NoticeText => ({
      key: `tagging.bulk.done.${action}`,
      params: { count },
    }),
    [],
  );
  const job = useBulkTagsJob(done);
  const limit = useTaggingLimit(contentIds.length);

  const confirm = async (action: BulkTagAction, tags: TagOption[]) => {
    const taken = await job.submit({
      contentIds: [...contentIds],
      folderId,
      action,
      tags: tags.map(({ id, classificationId }) => ({ id, classificationId })),
    });
    if (taken) setOpen(false);
  };

  return (
    <>
      <JobProgressBar progress={job.progress} />
      <BarButton
        variant="outline"
        icon={<Tags />}
        label={t('tagging.bulk.open')}
        iconOnly={iconOnly}
        disabled={limit !== undefined || job.running || contentIds.length === 0}
        title={limit}
        onClick={() => setOpen(true)}
      />
      {open ? (
        <BulkTagDialog
          count={contentIds.length}
          busy={job.submitting}
          onConfirm={(action, tags) => void confirm(action, tags)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
