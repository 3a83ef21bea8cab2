import type { SessionResponse } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { fetchSession, signInWithToken } from './session.api';
import { takeSsoToken } from './sso-token-cookie';

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

/**
 * Start-up steps 1 and 2 of SPEC §2. Login check: a single sign-on token left behind by the
 * sign-on popup is traded for a session. Session restore: otherwise the cookie's session is read.
 * Any failure means "not signed in" (SPEC §8: failed token validation is treated as invalid).
 */
async function restoreSession(signal: AbortSignal): Promise<SessionResponse | null> {
  const ssoToken = takeSsoToken();
  const viaSso = ssoToken ? await signInWithToken(ssoToken).catch(() => null) : null;
  return viaSso ?? fetchSession(signal).catch(() => null);
}

/** Validated once per page load and remembered (SPEC §4 Session); sign-in and sign-out replace it. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => restoreSession(signal),
    staleTime: Infinity,
    retry: false,
  });
}
