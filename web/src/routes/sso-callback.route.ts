import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rootRoute } from './root.route';

const ssoCallbackSearch = z.object({
  code: z.optional(z.string()),
  state: z.optional(z.string()),
  iss: z.optional(z.string()),
  error: z.optional(z.string()),
});

/** Where the sign-on popup lands; public, since the visitor is not signed in yet. */
export const ssoCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sso-callback',
  validateSearch: ssoCallbackSearch,
  component: lazyRouteComponent(() => import('../features/auth/sso-callback-page'), 'SsoCallbackPage'),
});
