import { onDemand } from '../ui/on-demand';

/** The box editor, fetched when it first opens: the detail and the share dialog do not carry it. */
export const PlateEditorDialogOnDemand = onDemand(() =>
  import('./plate-editor-dialog').then((module) => module.PlateEditorDialog),
);
