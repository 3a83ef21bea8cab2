import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { object, optional, string } from '../app/read-input';
import { rootRoute } from './root.route';

const ssoCallbackSearch = object({
  code: optional(string()),
  state: optional(string()),
  iss: optional(string()),
  error: optional(string()),
});

/** Where the sign-on popup lands; public, since the visitor is not signed in yet. */
export const ssoCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sso-callback',
  validateSearch: ssoCallbackSearch,
  component: lazyRouteComponent(() => import('../features/auth/sso-callback-page'), 'SsoCallbackPage'),
});
