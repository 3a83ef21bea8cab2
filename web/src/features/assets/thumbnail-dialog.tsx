import { Box, Button, Image, SimpleGrid, Text } from '@chakra-ui/react';
import { LIMITS, type AssetSummary } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { displayName } from './format';

/** The assets a thumbnail preview shows: the selection in its order, the first LIMITS.previewMaxAssets (SPEC §5). */
export function previewOf(selectedIds: ReadonlySet<string>, items: readonly AssetSummary[]): AssetSummary[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return [...selectedIds].flatMap((id) => byId.get(id) ?? []).slice(0, LIMITS.previewMaxAssets);
}

interface ThumbnailDialogProps {
  assets: readonly AssetSummary[];
  /** How many are selected (more than shown past the preview limit). */
  total: number;
  onClose(): void;
}

/** The thumbnail dialog of SPEC §2: the selection's thumbnails in the generic modal's thumbnails area. */
export function ThumbnailDialog({ assets, total, onClose }: ThumbnailDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      dismissible
      size="lg"
      onDismiss={onClose}
      title={t('assets.thumbnails.title', { count: total })}
      footer={<Button onClick={onClose}>{t('assets.thumbnails.close')}</Button>}
      thumbnails={
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 3, md: 5 }} gap="3" mt="2">
          {assets.map((asset) => {
            const name = displayName(asset.name, asset.extension);
            return (
              <Box as="li" key={asset.id} minW="0">
                <Image
                  src={asset.thumbnailUrl}
                  alt={name}
                  aspectRatio="1"
                  objectFit="contain"
                  w="full"
                  rounded="l2"
                  borderWidth="1px"
                  bg="bg.muted"
                />
                <Text fontSize="xs" truncate title={name} mt="1">
                  {name}
                </Text>
              </Box>
            );
          })}
        </SimpleGrid>
      }
    >
      {total > assets.length ? (
        <Text fontSize="sm" color="fg.muted">
          {t('assets.thumbnails.limited', { shown: assets.length, total })}
        </Text>
      ) : null}
    </AppDialog>
  );
}
