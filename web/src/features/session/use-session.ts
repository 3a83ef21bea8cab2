import type { SessionResponse } from '@paddock/rules';
import { useRouteContext } from '@tanstack/react-router';

/** The signed-in user, for components under the authenticated layout (its guard guarantees one). */
export function useSession(): SessionResponse {
  return useRouteContext({ from: '/_authenticated' }).session;
}
