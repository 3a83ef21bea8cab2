import { mayManageLegalHolds, type FolderNode } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import type { FolderMenuAction } from '../home/folder-menu';
import { useSession } from '../session/use-session';
import { useLegalHoldDialogs } from './use-legal-hold-dialogs';

/** "Place a legal hold" in the folder menu, for administrators: it holds every asset in and below the folder. */
export function useFolderHoldAction(folder: FolderNode | null): FolderMenuAction[] {
  const { t } = useTranslation();
  const session = useSession();
  const dialogs = useLegalHoldDialogs();
  if (!folder || !mayManageLegalHolds(session)) return [];
  return [
    {
      value: 'legalHold',
      label: t('legalHold.place.action'),
      onSelect: () =>
        dialogs.place({
          scope: 'folder',
          targetIds: [folder.id],
          title: t('legalHold.place.title.folder', { name: folder.name }),
        }),
    },
  ];
}
