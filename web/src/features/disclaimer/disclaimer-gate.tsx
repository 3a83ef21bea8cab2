import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { saveDisclaimerAcceptance } from '../../api/profile.api';
import {
  disclaimerAcceptanceQueryOptions,
  disclaimerQueryOptions,
  profileKeys,
} from '../../api/profile.queries';
import { useSignOut } from '../session/use-sign-out';
import { onDemand } from '../ui/on-demand';
import { useShowApiError } from '../ui/use-show-api-error';

// Only a user who has not accepted the disclaimer yet meets it: the others' first screen does not carry it.
const DisclaimerDialog = onDemand(() =>
  import('./disclaimer-dialog').then((module) => module.DisclaimerDialog),
);

/** Shows the portal only once the disclaimer is accepted (SPEC §2); until then, the dialog alone. */
export function DisclaimerGate({ children }: { children: ReactNode }) {
  const { data: accepted } = useQuery(disclaimerAcceptanceQueryOptions());
  if (accepted === undefined) return null;
  return accepted ? children : <RequiredDisclaimer />;
}

function RequiredDisclaimer() {
  const queryClient = useQueryClient();
  const disclaimer = useQuery(disclaimerQueryOptions());
  const signOut = useSignOut();
  const showApiError = useShowApiError();
  const accept = useMutation({
    mutationFn: saveDisclaimerAcceptance,
    onSuccess: (accepted) => queryClient.setQueryData(profileKeys.disclaimerAcceptance(), accepted),
    onError: showApiError,
  });

  return (
    <DisclaimerDialog
      mode="required"
      disclaimer={disclaimer.data}
      loadFailed={disclaimer.isError}
      accepting={accept.isPending}
      onAccept={() => {
        if (disclaimer.data) accept.mutate(disclaimer.data.id);
      }}
      onClose={signOut}
    />
  );
}
