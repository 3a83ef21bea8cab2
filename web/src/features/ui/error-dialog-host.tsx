import { OutlivesOpener } from '../../components/ui/dialog';
import { ErrorDialog } from './error-dialog';
import { useUiState, useUiStore } from './ui-store-context';

export function ErrorDialogHost() {
  const content = useUiState((state) => state.errorDialog);
  const { closeError } = useUiStore();
  return (
    <OutlivesOpener>
      <ErrorDialog content={content} onClose={closeError} />
    </OutlivesOpener>
  );
}
