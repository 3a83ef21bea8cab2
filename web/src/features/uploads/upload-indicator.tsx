import { Button, ProgressCircle } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useUploads, useUploadsState } from './use-uploads';
import { totalProgress } from './uploads-store';

/** The header's reminder of uploads running in the background; a click reopens the dialog. */
export function UploadIndicator() {
  const { t } = useTranslation();
  const uploads = useUploads();
  const items = useUploadsState((state) => state.items);
  const dialogOpen = useUploadsState((state) => state.dialog !== null);
  const lastTarget = useUploadsState((state) => state.lastTarget);
  const { percent, active } = totalProgress(items);
  if (dialogOpen || active === 0 || !lastTarget) return null;
  return (
    <Button
      size="sm"
      variant="surface"
      colorPalette="gray"
      onClick={() => uploads.open(lastTarget)}
      aria-label={t('uploads.indicator', { count: active, percent })}
    >
      <ProgressCircle.Root value={percent} size="xs">
        <ProgressCircle.Circle>
          <ProgressCircle.Track />
          <ProgressCircle.Range />
        </ProgressCircle.Circle>
      </ProgressCircle.Root>
      {percent}%
    </Button>
  );
}
