import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './app-providers';
import type { PaddockApp } from './create-app';

export function App({ app }: { app: PaddockApp }) {
  return (
    <AppProviders queryClient={app.queryClient} uiStore={app.uiStore}>
      <RouterProvider router={app.router} />
    </AppProviders>
  );
}
