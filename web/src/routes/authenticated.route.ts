import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { disclaimerAcceptanceQueryOptions } from '../api/profile.queries';
import { sessionQueryOptions } from '../api/session.queries';
import { rootRoute } from './root.route';

/**
 * The guard of every page but login and the sign-on callback, run on each navigation, in the
 * start-up order of SPEC §2: login check and session restore (one cached call per page load),
 * then the disclaimer check, which the navigation waits for. The layout then shows the disclaimer
 * dialog instead of the page until it is accepted.
 */
export const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_authenticated',
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw redirect({ to: '/login', replace: true });
    await context.queryClient.ensureQueryData(disclaimerAcceptanceQueryOptions());
    return { session };
  },
  component: lazyRouteComponent(
    () => import('../features/layout/authenticated-layout'),
    'AuthenticatedLayout',
  ),
});
