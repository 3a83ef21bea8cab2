import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root.route';

const ssoCallbackSearch = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
});

/** Where the sign-on popup lands; public, since the visitor is not signed in yet. */
export const ssoCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sso-callback',
  validateSearch: ssoCallbackSearch,
  component: lazyRouteComponent(() => import('../features/auth/sso-callback-page'), 'SsoCallbackPage'),
});
