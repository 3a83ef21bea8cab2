import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaLoader } from '../ui/area-loader';
import { ErrorBannerHost } from '../ui/error-banner-host';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { AppNav } from './app-nav';

/**
 * The signed-in frame: header, section navigation, main area and footer. On wide screens the frame
 * is the window's height and only the main area scrolls (a listing fills it and scrolls its grid
 * alone): one scroll area, never the page and the grid each their own.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh" h={{ lg: '100dvh' }} overflow={{ lg: 'hidden' }}>
      <SkipNavLink>{t('layout.skipToContent')}</SkipNavLink>
      <AppHeader />
      <Flex flex="1" minH="0" direction={{ base: 'column', md: 'row' }}>
        <Box
          as="nav"
          aria-label={t('layout.navigation')}
          position="relative"
          w={{ base: 'full', md: '64' }}
          flexShrink={0}
          bg="bg"
          borderEndWidth={{ md: '1px' }}
          overflowY={{ lg: 'auto' }}
        >
          <AppNav />
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
