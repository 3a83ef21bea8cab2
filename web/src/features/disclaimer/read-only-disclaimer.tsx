import { useQuery } from '@tanstack/react-query';
import { disclaimerQueryOptions } from '../../api/profile.queries';
import { DisclaimerDialog } from './disclaimer-dialog';

/** The disclaimer reopened for reading; meant for the modal slot (see the footer link). */
export function ReadOnlyDisclaimer({ onClose }: { onClose(): void }) {
  const disclaimer = useQuery(disclaimerQueryOptions());
  return (
    <DisclaimerDialog
      mode="readOnly"
      disclaimer={disclaimer.data}
      loadFailed={disclaimer.isError}
      onClose={onClose}
    />
  );
}
