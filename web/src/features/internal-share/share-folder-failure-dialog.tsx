import { Button, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';

export interface ShareFolderFailureDialogProps {
  /** How many of the selected assets hold a shared copy already. */
  count: number;
  /** The folders, named in the user's language, whose tree holds it. */
  folders: string[];
  onClose(): void;
}

/** SPEC §2 share-folder failure: a tree already holds a shared copy; it goes once that copy is deleted. */
export function ShareFolderFailureDialog({ count, folders, onClose }: ShareFolderFailureDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      // Opened as the share dialog closes: the focus going back to its trigger may not close it
      // (the modal host already keeps it past that closing).
      dismissible={false}
      onDismiss={onClose}
      role="alertdialog"
      title={t('internalShare.failure.title')}
      footer={<Button onClick={onClose}>{t('internalShare.failure.ok')}</Button>}
    >
      <Stack gap="3">
        <Text>{t('internalShare.failure.message', { count })}</Text>
        <List.Root ps="5">
          {folders.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List.Root>
        <Text color="fg.muted">{t('internalShare.failure.hint')}</Text>
      </Stack>
    </AppDialog>
  );
}
