import { Flex, Image, Spinner, Text } from '@chakra-ui/react';
import { ASSET_ERROR_CODES, PROCESSING_STATE, UNREADABLE_STATE, type AssetSummary } from '@paddock/rules';
import { FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface AssetThumbnailProps {
  asset: AssetSummary;
  width: string;
  height: string;
  compact: boolean;
}

/** The thumbnail, or "preparing preview" while the provider still makes it (it then loads afresh). */
export function AssetThumbnail({ asset, width, height, compact }: AssetThumbnailProps) {
  const { t } = useTranslation();
  if (asset.state === PROCESSING_STATE)
    return (
      <Flex
        role="img"
        aria-label={t('assets.card.preparing')}
        title={t('assets.card.preparing')}
        w={width}
        h={height}
        flexShrink={0}
        direction="column"
        align="center"
        justify="center"
        gap="2"
        bg="bg.muted"
        rounded="l2"
        color="fg.muted"
      >
        <Spinner size="sm" />
        {compact ? null : <Text fontSize="xs">{t('assets.card.preparing')}</Text>}
      </Flex>
    );
  // Named on the card itself: a placeholder would pass for a file that is fine.
  if (asset.state === UNREADABLE_STATE)
    return (
      <Flex
        role="img"
        aria-label={t('assets.card.unreadable')}
        title={t(`error.codes.${ASSET_ERROR_CODES.UNREADABLE}`)}
        w={width}
        h={height}
        flexShrink={0}
        direction="column"
        align="center"
        justify="center"
        gap="2"
        p="2"
        bg="red.subtle"
        rounded="l2"
        color="fg.error"
        textAlign="center"
      >
        <FileWarning size={compact ? 16 : 24} aria-hidden />
        {compact ? null : <Text fontSize="xs">{t('assets.card.unreadable')}</Text>}
      </Flex>
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
