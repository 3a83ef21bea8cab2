import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { INTERNAL_SHARE_ERROR_CODES, isFolderActionAllowed, type FolderNode } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { EllipsisVertical } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { folderQueryOptions } from '../../api/assets.queries';
import { submitFolderPublishing } from '../../api/shares.api';
import { useLanguage } from '../../i18n/use-language';
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
 * The folder's menu in the tree: publish and unpublish (SPEC §4 "Folders"), where SPEC §6 lets the
 * user share from the folder; the notice counts the contents published or removed.
 */
export function FolderPublishMenu({ folder }: { folder: FolderNode }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useSession();
  const showApiError = useShowApiError();
  const ui = useUiStore();
  const detail = useQuery(folderQueryOptions(folder.id, language));
  const running = useRef<Publishing>('publish');
  const job = useNoticedJob(
    (result) =>
      t(`internalShare.publishing.${running.current}Done`, {
        count: (result as { changed?: number })?.changed ?? 0,
      }),
    (code) => internalShareErrorMessage(t, code) ?? internalShareErrorMessage(t, FAILURE[running.current])!,
  );
  const place = detail.data?.place;
  if (!place || !isFolderActionAllowed('folderShare', { roles: session.roles, place, folder: folder.rights }))
    return null;

  const run = async (action: Publishing) => {
    running.current = action;
    const error = await job.start(() => submitFolderPublishing(folder.id, action));
    if (!error) return;
    const message = isApiError(error) ? internalShareErrorMessage(t, error.code) : null;
    if (message && isApiError(error)) ui.showError({ code: error.code, message });
    else showApiError(error);
  };

  return (
    // The tree item selects on click and Enter: the menu's own keys and clicks stay here.
    <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Menu.Root onSelect={(d) => void run(d.value as Publishing)}>
        <Menu.Trigger asChild>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t('internalShare.publishing.menu', { folder: folder.name })}
            loading={job.busy}
          >
            <EllipsisVertical />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="publish">{t('internalShare.publishing.publish')}</Menu.Item>
              <Menu.Item value="unpublish">{t('internalShare.publishing.unpublish')}</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </span>
  );
}
