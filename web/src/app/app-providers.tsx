import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '../components/ui/theme-provider';
import { UiStoreProvider } from '../features/ui/ui-store-context';
import type { UiStore } from '../features/ui/ui-store';
import { i18n } from '../i18n/i18n';

interface AppProvidersProps {
  queryClient: QueryClient;
  uiStore: UiStore;
  children: ReactNode;
}

export function AppProviders({ queryClient, uiStore, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <UiStoreProvider store={uiStore}>{children}</UiStoreProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
