import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
  /**
   * Stays open when a dialog opened before it closes: a job's report is raised while the detail
   * that started the job is open, and the detail closing must not take the report with it.
   */
  outlivesOpener?: boolean;
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
  outlivesOpener = false,
}: AppDialogProps) {
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
