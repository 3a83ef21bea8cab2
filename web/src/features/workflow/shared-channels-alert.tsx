import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';

/** SPEC §4/§8: a permanent delete refused because the asset is in several sharing channels. */
export function SharedChannelsAlert({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      role="alertdialog"
      size="sm"
      dismissible
      onDismiss={onClose}
      title={t('workflow.assetSharedChannelsTitle')}
      footer={<Button onClick={onClose}>{t('error.ok')}</Button>}
    >
      <Text>{t('workflow.assetSharedChannelsMessage')}</Text>
    </AppDialog>
  );
}
