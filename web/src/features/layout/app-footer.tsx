import { Button, Flex, Text } from '@chakra-ui/react';
import { CLIENT_VERSION } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../ui/on-demand';
import { useUiStore } from '../ui/ui-store-context';

// The disclaimer reopened for reading comes when first asked for (issue 26).
const ReadOnlyDisclaimer = onDemand(() =>
  import('../disclaimer/read-only-disclaimer').then((module) => module.ReadOnlyDisclaimer),
);

export function AppFooter() {
  const { t } = useTranslation();
  const { setModal, clearModal } = useUiStore();
  return (
    <Flex as="footer" px="6" py="1" gap="4" align="center" borderTopWidth="1px" bg="bg" fontSize="sm">
      <Button
        variant="plain"
        size="xs"
        px="0"
        onClick={() => setModal(ReadOnlyDisclaimer, { onClose: clearModal })}
      >
        {t('disclaimer.heading')}
      </Button>
      <Text ms="auto" color="fg.muted">
        {t('app.version', { version: CLIENT_VERSION })}
      </Text>
    </Flex>
  );
}
