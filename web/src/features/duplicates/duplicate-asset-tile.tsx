import { chakra, HStack, Text } from '@chakra-ui/react';
import type { DuplicateAsset } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/enum-labels';
import { AssetLinkCard } from '../assets/asset-link-card';
import { AssetThumbnail } from '../assets/asset-thumbnail';
import { displayName } from '../assets/format';

/** What names an asset in the review: its name, type and version under the thumbnail. */
export function AssetCaption({ asset }: { asset: DuplicateAsset }) {
  const { t } = useTranslation();
  const name = displayName(asset.name, asset.extension);
  return (
    <>
      <Text title={name} fontSize="sm" fontWeight="medium" lineClamp={2} wordBreak="break-word">
        {name}
      </Text>
      <HStack justify="space-between" gap="2" fontSize="xs" color="fg.muted">
        <Text truncate>{enumLabel(t, 'contentType', asset.type)}</Text>
        <chakra.span aria-label={t('assets.card.versionOf', { version: asset.version })}>
          {t('assets.card.version', { version: asset.version })}
        </chakra.span>
      </HStack>
    </>
  );
}

/** One asset of a group, opening its detail as the other links to an asset do. */
export function DuplicateAssetTile({ asset }: { asset: DuplicateAsset }) {
  return (
    <chakra.li listStyleType="none" w="40">
      <AssetLinkCard assetId={asset.id} display="flex" flexDirection="column" gap="1.5" h="full" p="2">
        <AssetThumbnail asset={asset} width="full" height="28" compact={false} />
        <AssetCaption asset={asset} />
      </AssetLinkCard>
    </chakra.li>
  );
}
