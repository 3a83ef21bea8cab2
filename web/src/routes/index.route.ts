import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root.route';

/** The empty path redirects to home (SPEC §2). */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});
