import { Button } from '@chakra-ui/react';
import {
  isFolderActionAllowed,
  placeOfFolder,
  type FolderAction,
  type FolderNode,
  type SessionResponse,
} from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FolderCog } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { folderKeys } from '../../api/assets.queries';
import { createFolder, deleteFolder, updateFolder } from '../../api/folders.api';
import { useLanguage } from '../../i18n/use-language';
import { onDemand, usePreloadWhenIdle } from '../ui/on-demand';
import { onDemandMenu } from '../ui/on-demand-menu';

// The menu's list and its dialogs come after the first screen, which shows only the button (issue 26).
const FolderActionsMenu = onDemandMenu(() =>
  import('./folder-actions-menu').then((module) => module.FolderActionsMenu),
);
const FolderMenuDialog = onDemand(() =>
  import('./folder-menu-dialog').then((module) => module.FolderMenuDialog),
);

/** One entry of the folder menu; other features add theirs to the same list. */
export interface FolderMenuAction {
  value: string;
  label: string;
  onSelect(): void;
}

export type FolderDialog = 'create' | 'rename' | 'prettyId' | 'delete';

/**
 * Each dialog's SPEC §6 column ("Create, delete, rename"; a new code is a rename). Create follows
 * the tree node's `canCreate` (SPEC §3), which the hub decides from the folder's whole path.
 */
const PERMISSION_OF: Record<Exclude<FolderDialog, 'create'>, FolderAction> = {
  rename: 'folderRename',
  prettyId: 'folderRename',
  delete: 'folderDelete',
};

interface FolderMenuProps {
  folder: FolderNode;
  /** The folder's visible path, root first, the folder last. */
  path: readonly FolderNode[];
  session: Pick<SessionResponse, 'roles' | 'department'>;
  /** Other features' entries for this folder (publish, unpublish), after the folder's own. */
  extraActions?: readonly FolderMenuAction[];
  /** One of those entries' work is running. */
  busy?: boolean;
  /** After a change: the folder to show next (the new one, the renamed one, the deleted one's parent). */
  onChanged(nextFolderId: string | undefined): void;
}

/**
 * The selected folder's menu in the tree (SPEC §4, §6): create a sub-folder, rename (IT and EN),
 * change the code, delete when empty; shown as SPEC §6 allows, checked again by the hub. The
 * tree refreshes after each change.
 */
export function FolderMenu({
  folder,
  path,
  session,
  extraActions = [],
  busy: working = false,
  onChanged,
}: FolderMenuProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<FolderDialog | null>(null);
  const side = session.roles.includes('supplier') ? 'supplier' : 'maker';
  const subject = {
    roles: session.roles,
    department: session.department,
    place: placeOfFolder(path, side),
    folder: folder.rights,
  };
  usePreloadWhenIdle(FolderMenuDialog);
  const change = useMutation({
    mutationFn: async ({ kind, value }: { kind: FolderDialog; value: string }) => {
      if (kind === 'create') return (await createFolder(folder.id, value, language)).id;
      if (kind === 'rename') return (await updateFolder(folder.id, { name: value }, language)).id;
      if (kind === 'prettyId') return (await updateFolder(folder.id, { prettyId: value }, language)).id;
      await deleteFolder(folder.id);
      return folder.parentId && folder.parentId !== 'root' ? folder.parentId : undefined;
    },
    onSuccess: async (next) => {
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: folderKeys.all });
      onChanged(next);
    },
  });
  const open = (kind: FolderDialog) => {
    change.reset();
    setDialog(kind);
  };
  const actions: FolderMenuAction[] = (['create', 'rename', 'prettyId', 'delete'] as const)
    .filter((kind) =>
      kind === 'create' ? folder.canCreate : isFolderActionAllowed(PERMISSION_OF[kind], subject),
    )
    .map((kind): FolderMenuAction => ({
      value: kind,
      label: t(`folderMenu.${kind}.action`),
      onSelect: () => open(kind),
    }))
    .concat(extraActions);
  if (!actions.length) return null;

  const error = change.error
    ? t(`error.codes.${isApiError(change.error) ? change.error.code : ''}`, {
        defaultValue: t('error.messageRetry'),
      })
    : null;
  const busy = change.isPending;
  const cancel = () => setDialog(null);
  const submit = (value: string) => dialog && change.mutate({ kind: dialog, value });

  return (
    <>
      <FolderActionsMenu
        actions={actions}
        trigger={
          <Button
            variant="ghost"
            size="xs"
            aria-label={t('folderMenu.label', { folder: folder.name })}
            loading={working}
          >
            <FolderCog />
          </Button>
        }
      />
      {dialog ? (
        <FolderMenuDialog
          dialog={dialog}
          folder={folder}
          error={error}
          busy={busy}
          onConfirm={submit}
          onCancel={cancel}
        />
      ) : null}
    </>
  );
}
