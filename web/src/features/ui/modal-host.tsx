import { useUiState } from './ui-store-context';

/** Renders whatever component was set in the modal slot. */
export function ModalHost() {
  const modal = useUiState((state) => state.modal);
  return modal ? modal.render() : null;
}
