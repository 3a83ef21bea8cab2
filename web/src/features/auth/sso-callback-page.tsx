import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { finishSso } from './finish-sso';

const route = getRouteApi('/sso-callback');

/** The page the sign-on popup lands on. */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const [outcome, setOutcome] = useState<'working' | 'done' | 'failed'>('working');
  const started = useRef(false);

  useEffect(() => {
    // A code can be exchanged only once; StrictMode runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void finishSso(search).then((ok) => setOutcome(ok ? 'done' : 'failed'));
  }, [search]);

  return (
    <Center minH="100dvh" px="4">
      <Stack gap="4" maxW="md" w="full" align="center">
        {outcome === 'working' ? <Spinner size="lg" color="brand.solid" /> : null}
        {outcome === 'failed' ? (
          <>
            <AlertBanner>{t('auth.sso.failed')}</AlertBanner>
            <Button variant="outline" onClick={() => window.close()}>
              {t('auth.sso.closeWindow')}
            </Button>
          </>
        ) : (
          <Text aria-live="polite">{t(outcome === 'done' ? 'auth.sso.done' : 'auth.sso.working')}</Text>
        )}
      </Stack>
    </Center>
  );
}
