import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { App } from '../src/app/app';
import { AppProviders } from '../src/app/app-providers';
import { createApp, type PaddockApp } from '../src/app/create-app';
import { createQueryClient } from '../src/app/query-client';
import { createUiStore } from '../src/features/ui/ui-store';
import { i18n } from '../src/i18n/i18n';

/** The whole app, router and guards included, started at `path`. */
export function renderApp(path: string): PaddockApp {
  const app = createApp(createMemoryHistory({ initialEntries: [path] }));
  render(<App app={app} />);
  return app;
}

/** One component with the app's providers (theme, i18n, query client, UI store) but no router. */
export function renderWithProviders(ui: ReactElement) {
  const uiStore = createUiStore();
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient} uiStore={uiStore}>
      {ui}
    </AppProviders>,
  );
  return { ...view, uiStore, queryClient };
}

/**
 * Before each test of the file: a browser that remembers nothing (language, view, preferences) and
 * the interface in English, whatever the test before chose.
 */
export function withFreshBrowserInEnglish(): void {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await i18n.changeLanguage('en');
  });
}
