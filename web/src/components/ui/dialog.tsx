import { useState } from 'react';
import { onDemand } from '../../features/ui/on-demand';
import type { AppDialogProps } from './dialog-frame';

const AppDialogFrame = onDemand(() => import('./dialog-frame').then((module) => module.AppDialogFrame));

/**
 * A modal dialog named by its title, with focus trapped inside while it is open. Chakra's dialog
 * (its focus trap, scroll lock and layers) is fetched when a dialog first opens, so the pages that
 * only offer dialogs do not carry it in their first load (issue 26); once shown it stays mounted,
 * so it closes with its animation.
 */
export function AppDialog(props: AppDialogProps) {
  const [shown, setShown] = useState(props.open);
  if (props.open && !shown) setShown(true);
  return shown ? <AppDialogFrame {...props} /> : null;
}
