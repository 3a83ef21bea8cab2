import type { LegalHoldView } from '@paddock/rules';
import { useUiStore } from '../ui/ui-store-context';
import { onDemand } from '../ui/on-demand';
import type { PlaceHoldDialogProps } from './place-hold-dialog';

// The dialogs come when first opened: the menus and bars that offer them do not carry them (issue 26).
const PlaceHoldDialog = onDemand(() =>
  import('./place-hold-dialog').then((module) => module.PlaceHoldDialog),
);
const ReleaseHoldDialog = onDemand(() =>
  import('./release-hold-dialog').then((module) => module.ReleaseHoldDialog),
);

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
