import type { LegalHoldView } from '@paddock/rules';
import { useUiStore } from '../ui/ui-store-context';
import { PlaceHoldDialog, type PlaceHoldDialogProps } from './place-hold-dialog';
import { ReleaseHoldDialog } from './release-hold-dialog';

/** Opens the place and release dialogs in the window's modal slot, from a menu, a bar or a panel. */
export function useLegalHoldDialogs(): {
  place(props: Omit<PlaceHoldDialogProps, 'onClose'>): void;
  release(hold: LegalHoldView): void;
} {
  const ui = useUiStore();
  const onClose = () => ui.clearModal();
  return {
    place: (props) => ui.setModal(PlaceHoldDialog, { ...props, onClose }),
    release: (hold) => ui.setModal(ReleaseHoldDialog, { hold, onClose }),
  };
}
