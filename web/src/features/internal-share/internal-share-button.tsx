import { Button } from '@chakra-ui/react';
import { INTERNAL_SHARE_ERROR_CODES } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { submitInternalShare } from '../../api/shares.api';
import { useLanguage } from '../../i18n/use-language';
import { useUiStore } from '../ui/ui-store-context';
import { useShowApiError } from '../ui/use-show-api-error';
import { onDemand } from '../ui/on-demand';
import { internalShareErrorMessage } from './internal-share-errors';
import { ShareFolderFailureDialog } from './share-folder-failure-dialog';
import { folderPathLabel, sharingFoldersQueryOptions } from './sharing-folders';
import { useNoticedJob } from './use-noticed-job';
import type { NoticeText } from '../ui/ui-store';

// Its code comes when the dialog first opens, not with the page that shows the button.
const InternalShareDialog = onDemand(() =>
  import('./internal-share-dialog').then((module) => module.InternalShareDialog),
);

export interface InternalShareTarget {
  assetIds: readonly string[];
  /** The folder the assets are looked at in; SPEC §6 decides there (the hub checks the same). */
  folderId: string;
}

export interface InternalShareButtonProps extends InternalShareTarget {
  size?: 'xs' | 'sm';
}

/** The Share action (SPEC §2, §4) as a button: the dialog, the job's progress, then a notice. */
export function InternalShareButton({ size = 'sm', ...target }: InternalShareButtonProps) {
  const { t } = useTranslation();
  const share = useInternalShare(target);
  return (
    <>
      <Button size={size} variant="outline" onClick={share.open} disabled={share.disabled}>
        <Share2 />
        {t('internalShare.action')}
      </Button>
      {share.dialog}
    </>
  );
}

/**
 * The Share action (SPEC §2, §4) for any trigger (a button, a menu item): `open` shows the dialog,
 * `dialog` is what to render beside the trigger (the dialog, the job's progress in it).
 */
export function useInternalShare({ assetIds, folderId }: InternalShareTarget): {
  open(): void;
  disabled: boolean;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const ui = useUiStore();
  const showApiError = useShowApiError();
  const folders = useQuery({ ...sharingFoldersQueryOptions(), enabled: false });
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const job = useNoticedJob(
    (result): NoticeText => {
      // The job's WorkflowResult: assets shared now or before, and those that failed (in the audit).
      const counts = result as { done?: number; unchanged?: number; failed?: number } | undefined;
      const shared = (counts?.done ?? 0) + (counts?.unchanged ?? 0);
      return counts?.failed
        ? { key: 'internalShare.noticePartial', params: { count: shared, failed: counts.failed } }
        : { key: 'internalShare.notice', params: { count: shared } };
    },
    () => t('internalShare.jobFailed'),
    () => setOpen(false),
  );

  const share = async (targetFolderIds: string[]) => {
    setRefusal(null);
    const error = await job.start(() =>
      submitInternalShare({ contentIds: [...assetIds], folderId, targetFolderIds }),
    );
    if (!error) return;
    const code = isApiError(error) ? error.code : undefined;
    if (isApiError(error) && code === INTERNAL_SHARE_ERROR_CODES.ALREADY_SHARED) {
      const details = error.details as { ids?: string[]; folderIds?: string[] } | undefined;
      const byId = new Map((folders.data?.items ?? []).map((f) => [f.id, folderPathLabel(f, language)]));
      setOpen(false);
      ui.setModal(ShareFolderFailureDialog, {
        count: details?.ids?.length ?? assetIds.length,
        folders: (details?.folderIds ?? []).map((id) => byId.get(id) ?? id),
        onClose: () => ui.clearModal(),
      });
    } else if (internalShareErrorMessage(t, code)) {
      // Said in the dialog, which stays open to pick other folders or cancel.
      setRefusal(internalShareErrorMessage(t, code));
    } else {
      showApiError(error);
    }
  };

  return {
    open: () => setOpen(true),
    disabled: job.busy || !assetIds.length,
    dialog: open ? (
      <InternalShareDialog
        count={assetIds.length}
        progress={job.progress}
        busy={job.busy}
        refusal={refusal}
        onShare={(ids) => void share(ids)}
        onClose={() => {
          setRefusal(null);
          setOpen(false);
        }}
      />
    ) : null,
  };
}
