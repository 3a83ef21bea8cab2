import { onDemand } from '../ui/on-demand';

/** The external share dialog, fetched when it first opens: the pages that offer it do not need it up front. */
export const ExternalShareDialogOnDemand = onDemand(() =>
  import('./external-share-dialog').then((module) => module.ExternalShareDialog),
);
