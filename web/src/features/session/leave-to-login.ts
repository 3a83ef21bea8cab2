import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { sessionKeys } from '../../api/session.queries';

/**
 * The end of a session, whether by sign-out or by a 401 (SPEC §4 Session): the visitor is known to
 * be signed out, goes to login, and nothing fetched for the previous user stays in the cache.
 */
export async function leaveToLogin(queryClient: QueryClient, router: AnyRouter): Promise<void> {
  queryClient.setQueryData(sessionKeys.current(), null);
  if (router.state.location.pathname !== '/login') await router.navigate({ to: '/login', replace: true });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
}
