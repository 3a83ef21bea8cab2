import { Button, ProgressCircle } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The header's upload reminder itself, fetched on demand (see UploadIndicator). */
export function UploadIndicatorButton({
  active,
  percent,
  onOpen,
}: {
  active: number;
  percent: number;
  onOpen(): void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="surface"
      colorPalette="gray"
      onClick={onOpen}
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
