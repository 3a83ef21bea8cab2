import { Badge, HStack, Separator, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMatch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { assetCountsQueryOptions } from '../../api/counts.queries';
import { RouterLink } from '../../components/ui/router-link';
import { useSession } from '../session/use-session';
import { resolveView, viewsForSession } from './views-for-session';

const SECTION_LINKS = [
  { to: '/product', section: 'product' },
  { to: '/copyright', section: 'copyright' },
  { to: '/tag', section: 'tag' },
  { to: '/summary', section: 'summary' },
] as const;

const linkStyle = {
  px: '3',
  py: '2',
  rounded: 'l2',
  color: 'fg',
  textDecoration: 'none',
  _hover: { bg: 'brand.subtle', textDecoration: 'none' },
  _currentPage: { bg: 'brand.muted', color: 'brand.fg', fontWeight: 'semibold' },
} as const;

/** The views the user's roles reach, then the detail sections; administration only for admins. */
export function AppNav() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const home = useMatch({ from: '/_authenticated/home', shouldThrow: false });
  // Plain /home shows the default view, so its link is current although the address names no view.
  const currentView = home ? resolveView(session, home.search.view) : null;
  const counts = useQuery(assetCountsQueryOptions(session.roles.includes('user'))).data ?? {};
  const numbers = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="1" p="3">
      {viewsForSession(session).map((view) => (
        <RouterLink
          key={view}
          to="/home"
          search={{ view }}
          aria-current={view === currentView ? 'page' : undefined}
          {...linkStyle}
        >
          <HStack justify="space-between" gap="2">
            <span>{t(`views.${view}`)}</span>
            {counts[view] !== undefined ? (
              <Badge
                variant="subtle"
                colorPalette="gray"
                aria-label={t('views.count', { count: counts[view] })}
              >
                {numbers.format(counts[view])}
              </Badge>
            ) : null}
          </HStack>
        </RouterLink>
      ))}
      <Separator my="2" />
      {SECTION_LINKS.map(({ to, section }) => (
        <RouterLink key={to} to={to} {...linkStyle}>
          {t(`sections.${section}`)}
        </RouterLink>
      ))}
      {session.roles.includes('admin') ? (
        <RouterLink to="/manage" {...linkStyle}>
          {t('sections.manage')}
        </RouterLink>
      ) : null}
    </Stack>
  );
}
