import type { SessionResponse } from '@paddock/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { sessionKeys } from '../../api/session.queries';

/** After any successful sign-in: remember the session and go home (SPEC §2). */
export function useCompleteSignIn(): (session: SessionResponse) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (session) => {
    queryClient.setQueryData(sessionKeys.current(), session);
    await navigate({ to: '/home' });
  };
}
