import { useEffect } from 'react';
import { OutlivesOpener } from '../../components/ui/outlives-opener';
import { onDemand } from './on-demand';
import { useUiState, useUiStore } from './ui-store-context';

// Chakra's dialog is not on the sign-in page's first load; its code comes right after, since a
// lost connection is among the errors this dialog reports.
const ErrorDialog = onDemand(() => import('./error-dialog').then((module) => module.ErrorDialog));

export function ErrorDialogHost() {
  const content = useUiState((state) => state.errorDialog);
  const { closeError } = useUiStore();
  useEffect(() => ErrorDialog.preload(), []);
  return content ? (
    <OutlivesOpener>
      <ErrorDialog content={content} onClose={closeError} />
    </OutlivesOpener>
  ) : null;
}
