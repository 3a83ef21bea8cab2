import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from '../features/layout/route-error';
import { RoutePending } from '../features/layout/route-pending';
import { authenticatedRoute } from './authenticated.route';
import { homeRoute } from './home.route';
import { indexRoute } from './index.route';
import { loginRoute } from './login.route';
import { rootRoute } from './root.route';
import {
  copyrightRoute,
  duplicatesRoute,
  manageRoute,
  productRoute,
  summaryRoute,
  tagRoute,
} from './section.routes';
import { ssoCallbackRoute } from './sso-callback.route';

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  ssoCallbackRoute,
  authenticatedRoute.addChildren([
    homeRoute,
    productRoute,
    copyrightRoute,
    tagRoute,
    summaryRoute,
    manageRoute,
    duplicatesRoute,
  ]),
]);

/** Browser history at the site root by default; tests pass a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
