import { Button, Center, Stack } from '@chakra-ui/react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';

/** Shown when a page cannot be shown; retrying reruns its checks and loads. */
export function RouteError() {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <Center minH="50dvh" px="4">
      <Stack gap="4" maxW="md" align="center">
        <AlertBanner>{t('error.messageRetry')}</AlertBanner>
        <Button onClick={() => router.invalidate()}>{t('common.retry')}</Button>
      </Stack>
    </Center>
  );
}
