import { onDemand } from '../ui/on-demand';

/** The detail modal, fetched when an asset first opens: the listing's first screen does not need it. */
export const AssetDetailModalOnDemand = onDemand(() =>
  import('./asset-detail-modal').then((module) => module.AssetDetailModal),
);
