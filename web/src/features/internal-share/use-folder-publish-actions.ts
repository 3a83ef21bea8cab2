import { INTERNAL_SHARE_ERROR_CODES, isFolderActionAllowed, type FolderNode } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { folderQueryOptions } from '../../api/assets.queries';
import { submitFolderPublishing } from '../../api/shares.api';
import { useLanguage } from '../../i18n/use-language';
import type { FolderMenuAction } from '../home/folder-menu';
import { ConfirmDialogOnDemand } from '../workflow/confirm-dialog-on-demand';
import { useSession } from '../session/use-session';
import { useUiStore } from '../ui/ui-store-context';
import { useShowApiError } from '../ui/use-show-api-error';
import { internalShareErrorMessage } from './internal-share-errors';
import { useNoticedJob } from './use-noticed-job';

type Publishing = 'publish' | 'unpublish';

const FAILURE: Record<Publishing, string> = {
  publish: INTERNAL_SHARE_ERROR_CODES.PUBLISH_FAILED,
  unpublish: INTERNAL_SHARE_ERROR_CODES.UNPUBLISH_FAILED,
};

/**
 * Publish and unpublish (SPEC §4 "Folders") as entries of the folder menu, where SPEC §6 lets the
 * user share from the folder; the notice counts the contents published or removed.
 */
export function useFolderPublishActions(folder: FolderNode | null): {
  actions: FolderMenuAction[];
  busy: boolean;
} {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useSession();
  const showApiError = useShowApiError();
  const ui = useUiStore();
  const detail = useQuery({ ...folderQueryOptions(folder?.id ?? '', language), enabled: folder !== null });
  const running = useRef<Publishing>('publish');
  const job = useNoticedJob(
    (result) => ({
      key: `internalShare.publishing.${running.current}Done`,
      params: { count: (result as { changed?: number })?.changed ?? 0 },
    }),
    (code) => internalShareErrorMessage(t, code) ?? internalShareErrorMessage(t, FAILURE[running.current])!,
  );
  const place = detail.data?.place;
  if (
    !folder ||
    !place ||
    !isFolderActionAllowed('folderShare', {
      roles: session.roles,
      department: session.department,
      place,
      folder: folder.rights,
    })
  )
    return { actions: [], busy: job.busy };

  const run = async (action: Publishing) => {
    running.current = action;
    const error = await job.start(() => submitFolderPublishing(folder.id, action));
    if (!error) return;
    const message = isApiError(error) ? internalShareErrorMessage(t, error.code) : null;
    if (message && isApiError(error)) ui.showError({ code: error.code, message });
    else showApiError(error);
  };
  // SPEC §4 changes what every user sees in the folder: asked once more before it runs.
  const confirm = (action: Publishing) =>
    ui.setModal(ConfirmDialogOnDemand, {
      title: t(`internalShare.publishing.${action}Title`, { folder: folder.name }),
      message: t(`internalShare.publishing.${action}Message`),
      confirmLabel: t(`internalShare.publishing.${action}`),
      busy: false,
      onCancel: () => ui.clearModal(),
      onConfirm: () => {
        ui.clearModal();
        void run(action);
      },
    });
  const actions = (['publish', 'unpublish'] as const).map((action) => ({
    value: action,
    label: t(`internalShare.publishing.${action}`),
    onSelect: () => confirm(action),
  }));
  return { actions, busy: job.busy };
}
