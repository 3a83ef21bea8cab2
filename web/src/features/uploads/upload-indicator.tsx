import { onDemand, usePreloadWhenIdle } from '../ui/on-demand';
import { useUploads, useUploadsState } from './use-uploads';
import { totalProgress } from './uploads-store';

// Shown only once an upload runs: the first screen does not carry its progress circle (issue 26).
const UploadIndicatorButton = onDemand(
  () => import('./upload-indicator-button').then((module) => module.UploadIndicatorButton),
  null,
);

/** The header's reminder of uploads running in the background; a click reopens the dialog. */
export function UploadIndicator() {
  const uploads = useUploads();
  const items = useUploadsState((state) => state.items);
  const dialogOpen = useUploadsState((state) => state.dialog !== null);
  const lastTarget = useUploadsState((state) => state.lastTarget);
  const { percent, active } = totalProgress(items);
  usePreloadWhenIdle(UploadIndicatorButton);
  if (dialogOpen || active === 0 || !lastTarget) return null;
  return <UploadIndicatorButton active={active} percent={percent} onOpen={() => uploads.open(lastTarget)} />;
}
