import { Alert, CloseButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AlertBannerProps {
  children: ReactNode;
  /** Shown as a close button when given. */
  onClose?: () => void;
  closeLabel?: string;
}

/** An error message that screen readers announce as soon as it appears. */
export function AlertBanner({ children, onClose, closeLabel }: AlertBannerProps) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
      {onClose ? <CloseButton size="sm" aria-label={closeLabel} onClick={onClose} /> : null}
    </Alert.Root>
  );
}
