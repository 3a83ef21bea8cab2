import { Box, Button, Card, Center, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { CLIENT_VERSION } from '@paddock/rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, signInWithToken } from '../../api/session.api';
import { ssoConfigQueryOptions } from '../../api/sso.queries';
import { AlertBanner } from '../../components/ui/alert-banner';
import { useCompleteSignIn } from '../session/use-complete-sign-in';
import { LoginForm } from './login-form';
import { loginFailure, type LoginFailure } from './login-errors';
import { useSsoPopup } from './use-sso-popup';

/** SPEC §2 Login: username, password, language, and single sign-on when the hub offers it. */
export function LoginPage() {
  const { t } = useTranslation();
  const [error, setError] = useState<LoginFailure | null>(null);
  const completeSignIn = useCompleteSignIn();
  const sso = useQuery(ssoConfigQueryOptions());

  const passwordSignIn = useMutation({
    mutationFn: signIn,
    onMutate: () => setError(null),
    onSuccess: completeSignIn,
    onError: (failure) => setError(loginFailure(failure)),
  });
  const tokenSignIn = useMutation({
    mutationFn: signInWithToken,
    onMutate: () => setError(null),
    onSuccess: completeSignIn,
    onError: () => setError({ key: 'auth.errors.sso' }),
  });
  const openSsoPopup = useSsoPopup({
    onToken: (token) => tokenSignIn.mutate(token),
    onFailure: () => setError({ key: 'auth.errors.sso' }),
    onBlocked: () => setError({ key: 'auth.errors.popupBlocked' }),
  });

  return (
    <Center minH="100dvh" px="4" py="10">
      <Card.Root w="full" maxW="sm" variant="elevated">
        <Card.Header>
          <Stack gap="1">
            <Heading as="h1" size="2xl" color="brand.fg">
              {t('app.name')}
            </Heading>
            <Text color="fg.muted">{t('auth.login.subtitle')}</Text>
          </Stack>
        </Card.Header>
        <Card.Body>
          <Stack gap="5">
            {error ? <AlertBanner>{t(error.key, error.values)}</AlertBanner> : null}
            <LoginForm
              submitting={passwordSignIn.isPending}
              onSubmit={(credentials) => passwordSignIn.mutate(credentials)}
              onIncomplete={() => setError({ key: 'auth.errors.missingCredentials' })}
            />
            {sso.data?.enabled ? (
              <>
                <Separator />
                <Button
                  variant="outline"
                  loading={tokenSignIn.isPending}
                  onClick={() => {
                    setError(null);
                    openSsoPopup(sso.data.startUrl);
                  }}
                >
                  <KeyRound />
                  {t('auth.login.sso')}
                </Button>
              </>
            ) : null}
          </Stack>
        </Card.Body>
        <Card.Footer justifyContent="center">
          <Box fontSize="xs" color="fg.muted">
            {t('app.version', { version: CLIENT_VERSION })}
          </Box>
        </Card.Footer>
      </Card.Root>
    </Center>
  );
}
