import type { FolderNode } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { InputDialog } from '../ui/text-entry-dialog';
import { ConfirmDialog } from '../workflow/confirm-dialog';
import type { FolderDialog } from './folder-menu';

interface FolderMenuDialogProps {
  dialog: FolderDialog;
  folder: FolderNode;
  /** The hub's refusal, in words. */
  error: string | null;
  busy: boolean;
  onConfirm(value: string): void;
  onCancel(): void;
}

/** The folder menu's dialogs (new, rename, code, delete), fetched when one first opens (see FolderMenu). */
export function FolderMenuDialog({
  dialog,
  folder,
  error,
  busy,
  onConfirm,
  onCancel,
}: FolderMenuDialogProps) {
  const { t } = useTranslation();
  if (dialog === 'delete')
    return (
      <ConfirmDialog
        title={t('folderMenu.delete.title', { folder: folder.name })}
        message={error ?? t('folderMenu.delete.message')}
        confirmLabel={t('folderMenu.delete.confirm')}
        danger
        busy={busy}
        onConfirm={() => onConfirm('')}
        onCancel={onCancel}
      />
    );
  return (
    <InputDialog
      title={t(`folderMenu.${dialog}.title`, { folder: folder.name })}
      label={t(`folderMenu.${dialog}.label`)}
      initialValue={dialog === 'rename' ? folder.name : dialog === 'prettyId' ? (folder.prettyId ?? '') : ''}
      confirmLabel={t(`folderMenu.${dialog}.confirm`)}
      requiredMessage={
        dialog === 'prettyId' ? t('folderMenu.prettyId.required') : t('error.codes.FOLDER_NAME_REQUIRED')
      }
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
