import { TableProperties } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarButton } from '../../components/ui/bar-button';
import { JobProgressBar } from '../workflow/job-progress-bar';
import { onDemand } from '../ui/on-demand';
import type { BulkMetadataAction, BulkMetadataEntry } from './bulk-metadata-dialog';
import { useBulkTagsJob } from './use-bulk-tags-job';
import { useTaggingLimit } from './use-tagging-limit';
import type { NoticeText } from '../ui/ui-store';

// Its code comes when the dialog first opens, not with the page that shows the button.
const BulkMetadataDialog = onDemand(() =>
  import('./bulk-metadata-dialog').then((module) => module.BulkMetadataDialog),
);

interface BulkMetadataButtonProps {
  contentIds: readonly string[];
  folderId: string;
  iconOnly?: boolean;
}

/** The smart bar's metadata action, beside its tag action and through the same bulk job (SPEC §2, §5). */
export function BulkMetadataButton({ contentIds, folderId, iconOnly }: BulkMetadataButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const done = useCallback(
    (action: BulkMetadataAction, count: number): NoticeText => ({
      key: `tagging.metadata.done.${action}`,
      params: { count },
    }),
    [],
  );
  const job = useBulkTagsJob(done);
  const limit = useTaggingLimit(contentIds.length);

  const confirm = async (action: BulkMetadataAction, entry: BulkMetadataEntry) => {
    const taken = await job.submit({ contentIds: [...contentIds], folderId, action, metadata: [entry] });
    if (taken) setOpen(false);
  };

  return (
    <>
      <JobProgressBar progress={job.progress} />
      <BarButton
        variant="outline"
        icon={<TableProperties />}
        label={t('tagging.metadata.open')}
        iconOnly={iconOnly}
        disabled={limit !== undefined || job.running || contentIds.length === 0}
        title={limit}
        onClick={() => setOpen(true)}
      />
      {open ? (
        <BulkMetadataDialog
          count={contentIds.length}
          busy={job.submitting}
          onConfirm={(action, entry) => void confirm(action, entry)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
