import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { CollectionView } from '@paddock/rules';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { FolderHeart, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { removeFromCollection } from '../../api/saved-searches.api';
import { EmptyState } from '../../components/ui/empty-state';
import { useLanguage } from '../../i18n/use-language';
import { AssetThumbnail } from '../assets/asset-thumbnail';
import { InlineError } from '../ui/inline-error';
import { refusalText } from './refusal-text';
import { collectionAssetsQueryOptions, savedSearchKeys } from './saved-searches.queries';

/**
 * A collection's assets as its reader may see them (the hub lists no other), newest first; its
 * owner takes one out, which deletes no asset.
 */
export function CollectionAssets({ collection }: { collection: CollectionView }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const assets = useInfiniteQuery(collectionAssetsQueryOptions(collection.id, language));
  const remove = useMutation({
    mutationFn: (id: string) => removeFromCollection(collection.id, [id]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.collections() }),
  });
  const items = assets.data?.pages.flatMap((page) => page.items) ?? [];
  if (assets.isError)
    return (
      <InlineError
        message={t('savedSearches.loadFailed')}
        error={assets.error}
        retrying={assets.isRefetching}
        onRetry={() => void assets.refetch()}
      />
    );
  if (assets.isPending) return <Text color="fg.muted">{t('loading.label')}</Text>;
  if (!items.length)
    return (
      <EmptyState
        icon={<FolderHeart />}
        title={t('savedSearches.collections.noAssetsTitle')}
        description={t('savedSearches.collections.noAssetsDescription')}
      />
    );
  return (
    <Stack gap="2">
      {remove.error ? <Text color="fg.error">{refusalText(t, remove.error)}</Text> : null}
      <Stack
        as="ul"
        gap="1"
        listStyleType="none"
        aria-label={t('savedSearches.collections.assets', { name: collection.name })}
      >
        {items.map((asset) => (
          <HStack as="li" key={asset.id} gap="3" py="1" borderBottomWidth="1px" borderColor="border.muted">
            <Box flex="none">
              <AssetThumbnail asset={asset} width="64px" height="48px" compact />
            </Box>
            <Stack gap="0" flex="1" minW="0">
              <Text truncate fontWeight="medium">{`${asset.name}.${asset.extension}`}</Text>
              <Text truncate fontSize="xs" color="fg.muted">
                {asset.owner}
              </Text>
            </Stack>
            {collection.mine ? (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('savedSearches.collections.remove', { name: asset.name })}
                title={t('savedSearches.collections.remove', { name: asset.name })}
                loading={remove.isPending && remove.variables === asset.id}
                onClick={() => remove.mutate(asset.id)}
              >
                <X />
              </IconButton>
            ) : null}
          </HStack>
        ))}
      </Stack>
      {assets.hasNextPage ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void assets.fetchNextPage()}
          loading={assets.isFetchingNextPage}
        >
          {t('savedSearches.collections.more')}
        </Button>
      ) : null}
    </Stack>
  );
}
