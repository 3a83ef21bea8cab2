import type { RouterHistory } from '@tanstack/react-router';
import { configureApi } from '../api/http';
import { sessionQueryOptions } from '../api/session.queries';
import { leaveToLogin } from '../features/session/leave-to-login';
import { createUiStore } from '../features/ui/ui-store';
import { createAppRouter } from '../routes/router';
import { captureExternalId } from './capture-external-id';
import { createQueryClient } from './query-client';

/**
 * Builds the app and wires the API client to it: the CSRF token comes from the cached session, and
 * every unexpected 401 ends the session here, in one place.
 */
export function createApp(history?: RouterHistory) {
  const queryClient = createQueryClient();
  const uiStore = createUiStore();
  const router = createAppRouter(queryClient, history);
  configureApi({
    csrfToken: () => queryClient.getQueryData(sessionQueryOptions().queryKey)?.csrfToken,
    onUnauthorized: () => void leaveToLogin(queryClient, router),
  });
  return { queryClient, uiStore, router };
}

export type PaddockApp = ReturnType<typeof createApp>;

/**
 * The browser start-up: the externalId step first, then the app on the (possibly new) address,
 * whose page chunks are fetched at once: the router would ask for them only after the catalogue,
 * the first render and the session check, one round trip after another (issue 26).
 */
export function startApp(): PaddockApp {
  captureExternalId();
  const app = createApp();
  const [routes] = app.router.getMatchedRoutes(window.location.pathname);
  // A chunk that fails here is asked for again by the router, which shows its error.
  for (const route of routes) void app.router.loadRouteChunk(route)?.catch(() => undefined);
  return app;
}
