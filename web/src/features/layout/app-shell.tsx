import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SideColumnToggle, useSideColumnFolded } from '../../components/ui/side-column-toggle';
import { AreaLoader } from '../ui/area-loader';
import { ErrorBannerHost } from '../ui/error-banner-host';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { AppNav } from './app-nav';

const NAV_ID = 'app-navigation';

/**
 * The signed-in frame: header, section navigation, main area and footer. On wide screens the frame
 * is the window's height and only the main area scrolls (a listing fills it and scrolls its grid
 * alone): one scroll area, never the page and the grid each their own.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [folded, setFolded] = useSideColumnFolded('nav');
  return (
    <Flex direction="column" minH="100dvh" h={{ lg: '100dvh' }} overflow={{ lg: 'hidden' }}>
      <SkipNavLink>{t('layout.skipToContent')}</SkipNavLink>
      <AppHeader />
      <Flex flex="1" minH="0" direction={{ base: 'column', md: 'row' }}>
        {/* Folded, the navigation leaves a strip with the button that brings it back. */}
        <Box
          as="nav"
          id={NAV_ID}
          aria-label={t('layout.navigation')}
          position="relative"
          w={{ base: 'full', md: folded ? '10' : '64' }}
          flexShrink={0}
          bg="bg"
          borderEndWidth={{ md: '1px' }}
          overflowY={{ lg: 'auto' }}
        >
          <Flex justify="flex-end" px="1" pt="2" hideBelow="md">
            <SideColumnToggle
              folded={folded}
              onFolded={setFolded}
              controls={NAV_ID}
              labels={{ fold: t('layout.foldNavigation'), unfold: t('layout.unfoldNavigation') }}
            />
          </Flex>
          {folded ? null : <AppNav />}
          <AreaLoader area="sidebar" />
        </Box>
        {/* minW 0: a wide table scrolls inside the main area instead of widening the page. */}
        <SkipNavContent
          as="main"
          position="relative"
          flex="1"
          minW="0"
          minH="0"
          display="flex"
          flexDirection="column"
          overflowY={{ lg: 'auto' }}
          p={{ base: '4', md: '6' }}
        >
          <Box mb="4" _empty={{ display: 'none' }}>
            <ErrorBannerHost />
          </Box>
          {children}
          <AreaLoader area="main" />
        </SkipNavContent>
      </Flex>
      <AppFooter />
    </Flex>
  );
}
