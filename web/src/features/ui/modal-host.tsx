import { OutlivesOpener } from '../../components/ui/outlives-opener';
import { useUiState } from './ui-store-context';

/** Renders whatever component was set in the modal slot, outliving the dialog that set it. */
export function ModalHost() {
  const modal = useUiState((state) => state.modal);
  return modal ? <OutlivesOpener>{modal.render()}</OutlivesOpener> : null;
}
