import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../api/session.queries';
import { rootRoute } from './root.route';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  // No disclaimer check here (SPEC §2); a visitor already signed in has nothing to do on this page.
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (session) throw redirect({ to: '/home', replace: true });
  },
  component: lazyRouteComponent(() => import('../features/auth/login-page'), 'LoginPage'),
});
