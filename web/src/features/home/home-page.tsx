import { Box, Heading, Stack } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { resolveView } from '../layout/views-for-session';
import { useSession } from '../session/use-session';
import { AreaLoader } from '../ui/area-loader';

const route = getRouteApi('/_authenticated/home');

/** Home shows the view picked in the navigation, or the role's default view (SPEC §2). */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const { view: picked } = route.useSearch();
  const view = resolveView(session, picked);

  return (
    <Stack gap="6" data-testid="default-view" data-view={view}>
      <Heading as="h1" size="2xl">
        {t(`views.${view}`)}
      </Heading>
      <Box position="relative" bg="bg" rounded="l3" borderWidth="1px" minH="64">
        <EmptyState icon={<Images />} title={t('home.emptyTitle')} description={t('home.emptyDescription')} />
        <AreaLoader area="grid" />
      </Box>
    </Stack>
  );
}
