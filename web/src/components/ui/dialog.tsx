import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useOutlivesOpener } from './outlives-opener';

interface AppDialogProps {
  open: boolean;
  /** Whether a backdrop click or Escape may close it (SPEC §2: only when closing is allowed). */
  dismissible: boolean;
  onDismiss?: () => void;
  title: ReactNode;
  children: ReactNode;
  /** The generic modal's thumbnails area (SPEC §2), between the interface and the toolbar. */
  thumbnails?: ReactNode;
  footer: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
}

/** A modal dialog named by its title, with focus trapped inside while it is open. */
export function AppDialog({
  open,
  dismissible,
  onDismiss,
  title,
  children,
  thumbnails,
  footer,
  role = 'dialog',
  size = 'md',
}: AppDialogProps) {
  const outlivesOpener = useOutlivesOpener();
  return (
    <Dialog.Root
      open={open}
      role={role}
      size={size}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={dismissible}
      closeOnEscape={dismissible}
      onRequestDismiss={outlivesOpener ? (event) => event.preventDefault() : undefined}
      onOpenChange={(details) => {
        if (!details.open) onDismiss?.();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {children}
              {thumbnails}
            </Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
