import { onDemand } from '../ui/on-demand';

/** The grid's room at its foot while the selection bar lies there: the bar's height and its gap. */
export const SMART_BAR_ROOM = 72;

/**
 * The selection bar and its bulk actions, fetched when the browser is idle after the first render
 * or at the latest on the first selection: the listing's first screen has nothing selected. It
 * appears as soon as its code is there.
 */
export const SmartBarOnDemand = onDemand(() => import('./smart-bar').then((module) => module.SmartBar), null);
