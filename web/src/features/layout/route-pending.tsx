import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Shown while a route checks the session or loads its code. */
export function RoutePending() {
  const { t } = useTranslation();
  return (
    <Center minH="50dvh" role="status" aria-label={t('loading.label')}>
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}
