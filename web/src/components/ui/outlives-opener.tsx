import { createContext, useContext, type ReactNode } from 'react';

/**
 * Dialogs below stay open when a dialog opened before them closes: the window-wide hosts raise a
 * job's report or an alert while the dialog that started it is open, and Zag dismisses the layers
 * opened after a closing one, so that closing would take them with it. A module apart from the
 * dialog itself, so the hosts mounted on every page do not bring Chakra's dialog to the first load.
 */
const OutlivesOpenerContext = createContext(false);

/** Wraps what a window-wide host renders, so every dialog it raises outlives its opener. */
export function OutlivesOpener({ children }: { children: ReactNode }) {
  return <OutlivesOpenerContext.Provider value>{children}</OutlivesOpenerContext.Provider>;
}

/** Whether the dialog calling it was raised by a window-wide host. */
export function useOutlivesOpener() {
  return useContext(OutlivesOpenerContext);
}
