import { onDemand } from '../ui/on-demand';

/** The yes/no question, fetched when it first opens: the menus that ask it do not carry it up front. */
export const ConfirmDialogOnDemand = onDemand(() =>
  import('./confirm-dialog').then((module) => module.ConfirmDialog),
);
