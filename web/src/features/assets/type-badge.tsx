import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { AssetSummary } from '@paddock/rules';
import { FileText, Film, Music, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './format';
import { enumLabel } from '../../i18n/enum-labels';

const TYPE_ICONS: Partial<Record<AssetSummary['type'], LucideIcon>> = {
  VIDEO: Film,
  AUDIO: Music,
  DOCUMENT: FileText,
};

/** The running time of audio and video, as cards and the detail show it; null for other types. */
export function durationText(asset: Pick<AssetSummary, 'type' | 'durationMs'>): string | null {
  return (asset.type === 'AUDIO' || asset.type === 'VIDEO') && asset.durationMs !== undefined
    ? formatDuration(asset.durationMs)
    : null;
}

/** The type badge of video, audio and documents (with the running time), on a card and in the detail. */
export function TypeBadge({
  asset,
  ...props
}: { asset: Pick<AssetSummary, 'type' | 'durationMs'> } & BadgeProps) {
  const { t } = useTranslation();
  const TypeIcon = TYPE_ICONS[asset.type];
  if (!TypeIcon) return null;
  const duration = durationText(asset);
  return (
    <Badge size="sm" variant="solid" colorPalette="gray" gap="1" {...props}>
      <TypeIcon size={12} aria-hidden />
      {enumLabel(t, 'contentType', asset.type)}
      {duration ? ` · ${duration}` : ''}
    </Badge>
  );
}
