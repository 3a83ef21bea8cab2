import { Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { METADATA_COMBINATORS, METADATA_OPERATORS } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';

/** The search info dialog of SPEC §2: what the search covers, the metadata operators and combinators. */
export function SearchInfoDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      dismissible
      onDismiss={onClose}
      title={t('assets.searchInfo.title')}
      footer={<Button onClick={onClose}>{t('assets.searchInfo.close')}</Button>}
    >
      <Stack gap="4">
        <Text>{t('assets.searchInfo.scope')}</Text>
        <Text>{t('assets.searchInfo.filters')}</Text>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('assets.searchInfo.operatorsTitle')}
          </Heading>
          <List.Root ps="5">
            {METADATA_OPERATORS.map((operator) => (
              <List.Item key={operator}>
                <Text as="span" fontWeight="semibold">
                  {t(`assets.metadata.operators.${operator}`)}
                </Text>
                {t('assets.searchInfo.colon')}
                {t(`assets.searchInfo.operators.${operator}`)}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('assets.searchInfo.combinatorsTitle')}
          </Heading>
          <List.Root ps="5">
            {METADATA_COMBINATORS.map((combinator) => (
              <List.Item key={combinator}>
                <Text as="span" fontWeight="semibold">
                  {t(`assets.metadata.combinators.${combinator}`)}
                </Text>
                {t('assets.searchInfo.colon')}
                {t(`assets.searchInfo.combinators.${combinator}`)}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
