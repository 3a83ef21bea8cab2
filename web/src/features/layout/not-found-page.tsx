import { Center, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/ui/router-link';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center minH="60dvh" px="4">
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h1" size="xl">
          {t('notFound.title')}
        </Heading>
        <RouterLink to="/home">{t('notFound.backHome')}</RouterLink>
      </Stack>
    </Center>
  );
}
