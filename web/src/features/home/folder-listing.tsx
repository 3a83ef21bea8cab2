import { Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { isSearchAllowed, isUploadAllowed, placeOfFolder, type FolderNode, type View } from '@paddock/rules';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FolderSearch, Images, ListChecks, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetQuery } from '../../api/assets.api';
import { assetListQueryOptions, assetTotalQueryOptions } from '../../api/assets.queries';
import { EmptyState } from '../../components/ui/empty-state';
import { AssetDetailModal } from '../asset-detail/asset-detail-modal';
import { AssetBrowser } from '../assets/asset-browser';
import { ListingControls, ViewModeToggle, type ListingFilters } from '../assets/listing-controls';
import { SearchBox, type SearchState } from '../assets/search-box';
import { clickItem, EMPTY_SELECTION, selectAll, toggleItem, type Selection } from '../assets/selection';
import { SmartBar } from '../assets/smart-bar';
import { useViewMode } from '../assets/use-view-mode';
import { useSession } from '../session/use-session';
import { useAreaLoader } from '../ui/use-area-loader';
import { useShowApiError } from '../ui/use-show-api-error';
import { UploadCheckDialog } from '../upload-check/upload-check-dialog';
import { useUploads } from '../uploads/uploads-context';
import { sideOfRoles } from '../workflow/workflow-folders';

/** Views whose detail modal shows the folder breadcrumb (SPEC §2). */
const BREADCRUMB_VIEWS: readonly View[] = [
  'archives',
  'enrichment',
  'supplier',
  'supplierSent',
  'supplierRecieved',
];

interface FolderListingProps {
  folder: FolderNode;
  depth: number;
  path: readonly FolderNode[];
  view: View;
  openAssetId: string | undefined;
  onOpenAsset(id: string | undefined): void;
}

/** One folder's assets: search, sort and filters, the grid or list, the smart bar, the detail modal. */
export function FolderListing({ folder, depth, path, view, openAssetId, onOpenAsset }: FolderListingProps) {
  const { t } = useTranslation();
  const session = useSession();
  const uploads = useUploads();
  const showApiError = useShowApiError();
  const [viewMode, setViewMode] = useViewMode();
  const [filters, setFilters] = useState<ListingFilters>({
    sort: 'creationDate',
    order: 'desc',
    type: undefined,
    extension: undefined,
  });
  const [searchState, setSearchState] = useState<SearchState>('open');
  const [text, setText] = useState('');
  const [subfolders, setSubfolders] = useState(false);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [checking, setChecking] = useState(false);

  const query = useMemo<AssetQuery>(
    () => ({
      folderId: folder.id,
      subfolders,
      q: text,
      types: filters.type ? [filters.type] : [],
      extensions: filters.extension ? [filters.extension] : [],
      sort: filters.sort,
      order: filters.order,
    }),
    [folder.id, subfolders, text, filters],
  );
  const listing = useInfiniteQuery(assetListQueryOptions(query));
  const counted = useQuery(assetTotalQueryOptions(query));
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = listing;
  useAreaLoader('grid', listing.isPending);
  useAreaLoader('loadingMore', isFetchingNextPage);

  const { error } = listing;
  useEffect(() => {
    if (error) showApiError(error);
    // Reported once per failure, not on every render that still shows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  const items = useMemo(() => listing.data?.pages.flatMap((page) => page.items) ?? [], [listing.data]);
  const ids = useMemo(() => items.map((item) => item.id), [items]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const loadMoreIds = async () => {
    const result = await fetchNextPage();
    return result.data?.pages.flatMap((page) => page.items.map((item) => item.id)) ?? ids;
  };

  const searchDisabled = !isSearchAllowed(session.roles, depth);
  // SPEC §6 as the hub checks it at upload (no uploads into approval, rejected or junk folders).
  const canUpload = isUploadAllowed({
    roles: session.roles,
    place: placeOfFolder(path, sideOfRoles(session.roles)),
    folder: folder.rights,
  });
  const countText = counted.data
    ? counted.data.totalIsCapped
      ? t('assets.countCapped', { total: counted.data.totalResults })
      : t('assets.count', { count: counted.data.totalResults })
    : '';
  const filtered = text !== '' || filters.type !== undefined || filters.extension !== undefined;
  const toggle = (id: string) => setSelection((current) => toggleItem(current, id));

  return (
    <Stack gap="3" p="3" flex="1" minH="0">
      {/* One row on a desktop in every language: the actions beside the filters are icons, named for assistive technology and on hover. */}
      <Flex
        as="section"
        aria-label={t('assets.toolbar')}
        wrap={{ base: 'wrap', lg: 'nowrap' }}
        align="center"
        gap="2"
      >
        <SearchBox
          state={searchState}
          disabled={searchDisabled}
          onSearch={(next) => {
            setText(next);
            setSubfolders(true);
            setSearchState('cancel');
          }}
          onClear={() => {
            setText('');
            setSubfolders(true);
            setSearchState('open');
          }}
        />
        <ListingControls filters={filters} onFilters={setFilters} />
        {/* The count gives way first when the row is tight (its full text stays its title). */}
        <Text
          flex="1 1 auto"
          minW="0"
          truncate
          fontSize="sm"
          color="fg.muted"
          aria-live="polite"
          px="1"
          title={countText}
        >
          {countText}
        </Text>
        <HStack gap="2">
          <ViewModeToggle viewMode={viewMode} onViewMode={setViewMode} />
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('uploadCheck.open')}
            title={t('uploadCheck.open')}
            onClick={() => setChecking(true)}
          >
            <ListChecks />
          </IconButton>
          <IconButton
            size="sm"
            disabled={!canUpload}
            aria-label={t('uploads.open')}
            title={
              canUpload ? t('uploads.open') : t(folder.rights.write ? 'uploads.notHere' : 'uploads.noWrite')
            }
            onClick={() => uploads.open({ id: folder.id, name: folder.name, canWrite: canUpload })}
          >
            <Upload />
          </IconButton>
        </HStack>
      </Flex>
      <SmartBar
        selectedIds={selection.ids}
        folderId={folder.id}
        onClear={() => setSelection(EMPTY_SELECTION)}
      />
      {listing.isSuccess && items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<FolderSearch />}
            title={t('assets.noResultsTitle')}
            description={t('assets.noResultsDescription')}
          />
        ) : (
          <EmptyState
            icon={<Images />}
            title={t('assets.emptyFolderTitle')}
            // Upload is offered only where the hub takes uploads (not in the junk, steps, rejected).
            description={t(canUpload ? 'assets.emptyFolderDescription' : 'assets.emptyFolderNoUpload')}
          />
        )
      ) : (
        <Flex direction="column" flex="1" minH="0">
          <AssetBrowser
            items={items}
            viewMode={viewMode}
            selectedIds={selection.ids}
            hasMore={Boolean(hasNextPage)}
            loadingMore={isFetchingNextPage}
            onLoadMore={loadMore}
            onItemClick={(id, modifiers) => setSelection((current) => clickItem(current, ids, id, modifiers))}
            onToggle={toggle}
            onSelectAll={() => setSelection(selectAll(ids))}
            onOpen={onOpenAsset}
            label={t('assets.listLabel', { folder: folder.name })}
            sort={{
              field: filters.sort,
              order: filters.order,
              // A new column starts ascending; the current one turns around.
              onSort: (sort) =>
                setFilters((current) => ({
                  ...current,
                  sort,
                  order: current.sort === sort && current.order === 'asc' ? 'desc' : 'asc',
                })),
            }}
          />
        </Flex>
      )}
      {openAssetId ? (
        <AssetDetailModal
          assetId={openAssetId}
          resultIds={ids.length ? ids : [openAssetId]}
          hasMore={Boolean(hasNextPage)}
          loadMore={loadMoreIds}
          selected={selection.ids.has(openAssetId)}
          onToggleSelected={toggle}
          onNavigate={onOpenAsset}
          onClose={() => onOpenAsset(undefined)}
          breadcrumb={BREADCRUMB_VIEWS.includes(view) ? path : undefined}
          folderId={folder.id}
        />
      ) : null}
      {checking ? <UploadCheckDialog folder={folder} onClose={() => setChecking(false)} /> : null}
    </Stack>
  );
}
