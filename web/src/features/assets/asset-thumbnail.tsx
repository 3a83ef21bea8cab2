import { Flex, Image, Spinner, Text } from '@chakra-ui/react';
import { ASSET_ERROR_CODES, PROCESSING_STATE, UNREADABLE_STATE, type AssetSummary } from '@paddock/rules';
import { FileWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AssetThumbnailProps {
  asset: AssetSummary;
  width: string;
  height: string;
  compact: boolean;
}

interface PlaceholderProps {
  label: string;
  title: string;
  width: string;
  height: string;
  tone: 'muted' | 'error';
  icon: ReactNode;
  compact: boolean;
}

/** A box the thumbnail's size that says in words why there is no picture yet. */
function Placeholder({ label, title, width, height, tone, icon, compact }: PlaceholderProps) {
  return (
    <Flex
      role="img"
      aria-label={label}
      title={title}
      w={width}
      h={height}
      flexShrink={0}
      direction="column"
      align="center"
      justify="center"
      gap="2"
      p="2"
      bg={tone === 'error' ? 'red.subtle' : 'bg.muted'}
      rounded="l2"
      color={tone === 'error' ? 'fg.error' : 'fg.muted'}
      textAlign="center"
    >
      {icon}
      {compact ? null : <Text fontSize="xs">{label}</Text>}
    </Flex>
  );
}

/** The thumbnail, or "preparing preview" while the provider still makes it (it then loads afresh). */
export function AssetThumbnail({ asset, width, height, compact }: AssetThumbnailProps) {
  const { t } = useTranslation();
  const box = { width, height, compact };
  if (asset.state === PROCESSING_STATE)
    return (
      <Placeholder
        {...box}
        label={t('assets.card.preparing')}
        title={t('assets.card.preparing')}
        tone="muted"
        icon={<Spinner size="sm" />}
      />
    );
  // Named on the card itself: a placeholder would pass for a file that is fine.
  if (asset.state === UNREADABLE_STATE)
    return (
      <Placeholder
        {...box}
        label={t('assets.card.unreadable')}
        title={t(`error.codes.${ASSET_ERROR_CODES.UNREADABLE}`)}
        tone="error"
        icon={<FileWarning size={compact ? 16 : 24} aria-hidden />}
      />
    );
  return (
    <Image
      src={asset.thumbnailUrl}
      alt=""
      loading="lazy"
      decoding="async"
      w={width}
      h={height}
      objectFit="contain"
      bg="bg.muted"
      rounded="l2"
      flexShrink={0}
    />
  );
}
