import { Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import {
  DEFAULT_SORT_ORDER,
  isSearchAllowed,
  isUploadAllowed,
  placeOfFolder,
  type FolderNode,
  type View,
} from '@paddock/rules';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FolderSearch, Images, ListChecks, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetQuery } from '../../api/assets.api';
import { assetListQueryOptions, assetTotalQueryOptions } from '../../api/assets.queries';
import { useLanguage } from '../../i18n/use-language';
import { EmptyState } from '../../components/ui/empty-state';
import { AssetDetailModalOnDemand } from '../asset-detail/asset-detail-modal-on-demand';
import { AssetBrowser } from '../assets/asset-browser';
import { ActiveFilters, ListingControls, TileSizeMenu, ViewModeToggle } from '../assets/listing-controls';
import { MetadataFilterPanel } from '../assets/metadata-filter-panel';
import { SearchBox } from '../assets/search-box';
import { useListingSearch } from '../assets/use-listing-search';
import {
  clickItem,
  EMPTY_SELECTION,
  keepVisible,
  openByDoubleClick,
  selectAll,
  toggleItem,
  type Selection,
} from '../assets/selection';
import { SMART_BAR_ROOM, SmartBarOnDemand } from '../assets/smart-bar-on-demand';
import { useTileSize, useViewMode } from '../assets/use-view-mode';
import { useSession } from '../session/use-session';
import { useAreaLoader } from '../ui/use-area-loader';
import { InlineError } from '../ui/inline-error';
import { onDemand, usePreloadWhenIdle } from '../ui/on-demand';
import { useUploads } from '../uploads/use-uploads';
import { useAssetReadiness } from './use-asset-readiness';
import { OnlyFilterChip, SavedSearchActions } from '../saved-searches/saved-search-actions';
import { sideOfRoles } from '../workflow/workflow-folders';

// The upload check opens from the toolbar: its code comes when it first opens.
const UploadCheckDialog = onDemand(() =>
  import('../upload-check/upload-check-dialog').then((module) => module.UploadCheckDialog),
);

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
  const [viewMode, setViewMode] = useViewMode();
  const [tileSize, setTileSize] = useTileSize();
  const [language] = useLanguage();
  const { filters, text, subfolders, only, searchState, setFilters, setSearch, clearOnly } =
    useListingSearch();
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [checking, setChecking] = useState(false);
  // The bar comes with the first selection and stays: a workflow job it started outlives the selection.
  const [barWanted, setBarWanted] = useState(false);
  if (selection.ids.size > 0 && !barWanted) setBarWanted(true);
  usePreloadWhenIdle(SmartBarOnDemand);

  const query = useMemo<AssetQuery>(
    () => ({
      folderId: folder.id,
      subfolders,
      q: text,
      types: filters.type ? [filters.type] : [],
      extensions: filters.extension ? [filters.extension] : [],
      metadata: filters.metadata,
      published: filters.published,
      only,
      sort: filters.sort,
      order: filters.order,
      lang: language,
    }),
    [folder.id, subfolders, text, filters, only, language],
  );
  // The previous results stay (dimmed) while the next sort, filter or search loads.
  const listing = useInfiniteQuery({ ...assetListQueryOptions(query), placeholderData: keepPreviousData });
  const counted = useQuery({ ...assetTotalQueryOptions(query), placeholderData: keepPreviousData });
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = listing;
  useAreaLoader('grid', listing.isPending);
  useAreaLoader('loadingMore', isFetchingNextPage);

  const items = useMemo(() => listing.data?.pages.flatMap((page) => page.items) ?? [], [listing.data]);
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  useAssetReadiness(items);

  // A selection holds only what the listing shows: assets that left it (accepted, moved, deleted,
  // restored) are no longer counted nor acted on.
  useEffect(() => {
    if (listing.isPlaceholderData) return;
    const visible = new Set(ids);
    setSelection((current) => keepVisible(current, visible));
  }, [ids, listing.isPlaceholderData]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const loadMoreIds = async () => {
    const result = await fetchNextPage();
    return result.data?.pages.flatMap((page) => page.items.map((item) => item.id)) ?? ids;
  };

  const searchDisabled = !isSearchAllowed(session.roles, depth);
  // SPEC §6 as the hub checks it at upload (no uploads into approval, rejected or junk folders).
  const place = placeOfFolder(path, sideOfRoles(session.roles));
  const canUpload = isUploadAllowed({
    roles: session.roles,
    department: session.department,
    place,
    folder: folder.rights,
  });
  const countText =
    counted.data && !listing.isError
      ? counted.data.totalIsCapped
        ? t('assets.countCapped', { total: counted.data.totalResults })
        : t('assets.count', { count: counted.data.totalResults })
      : '';
  const filtered =
    text !== '' ||
    filters.type !== undefined ||
    filters.extension !== undefined ||
    filters.published !== undefined ||
    only !== undefined ||
    filters.metadata.length > 0;
  const toggle = (id: string) => setSelection((current) => toggleItem(current, id));

  // Esc drops the selection, as in a file manager; not when a dialog or menu opened from here
  // (portalled, so outside this box in the page) used it to close.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || selection.ids.size === 0) return;
    if (!event.currentTarget.contains(event.target as Node)) return;
    setSelection(EMPTY_SELECTION);
  };

  return (
    <Stack gap="3" p="3" flex="1" minH="0" position="relative" onKeyDown={onKeyDown}>
      {/* One row on a desktop in every language: the actions beside the filters are icons, named for assistive technology and on hover. */}
      <Flex
        as="section"
        aria-label={t('assets.toolbar')}
        wrap={{ base: 'wrap', lg: 'nowrap' }}
        align="center"
        gap="1.5"
      >
        <SearchBox
          state={searchState}
          disabled={searchDisabled}
          text={text}
          onSearch={(next) => setSearch(next)}
          onClear={() => setSearch(undefined)}
        />
        <ListingControls filters={filters} onFilters={setFilters} />
        <MetadataFilterPanel
          value={filters.metadata}
          onChange={(metadata) => setFilters({ ...filters, metadata })}
        />
        <HStack gap="1.5" ms="auto">
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
            onClick={() =>
              uploads.open({
                id: folder.id,
                name: folder.name,
                canWrite: canUpload,
                // By its name, not its code: a supplier's top folder names its department, the
                // staff's top folder is the department's own.
                department: place.department ? (path[0]?.department ?? path[0]?.name ?? null) : null,
                path: path.map((node) => node.name),
              })
            }
          >
            <Upload />
          </IconButton>
        </HStack>
      </Flex>
      {/* The count on its own line: whole in every language, and the search box keeps the room. The
          saved searches and the tile size sit at its end, where the toolbar has no room left at 1280 px. */}
      <HStack justify="space-between" gap="2" px="1" mt="-1" minH="1lh">
        <HStack gap="3" minW="0">
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="asset-count" flex="none">
            {countText}
          </Text>
          <OnlyFilterChip only={only} onClear={clearOnly} />
          <ActiveFilters filters={filters} />
        </HStack>
        <HStack gap="1" flex="none">
          <SavedSearchActions />
          {viewMode === 'grid' ? <TileSizeMenu tileSize={tileSize} onTileSize={setTileSize} /> : null}
        </HStack>
      </HStack>
      {barWanted ? (
        <SmartBarOnDemand
          selectedIds={selection.ids}
          folderId={folder.id}
          items={items}
          onClear={() => setSelection(EMPTY_SELECTION)}
        />
      ) : null}
      {listing.isError ? (
        <InlineError
          message={t('assets.listFailed')}
          error={listing.error}
          retrying={listing.isRefetching}
          onRetry={() => void listing.refetch()}
        />
      ) : listing.isSuccess && items.length === 0 ? (
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
            tileSize={tileSize}
            selectedIds={selection.ids}
            hasMore={Boolean(hasNextPage)}
            loadingMore={isFetchingNextPage}
            onLoadMore={loadMore}
            onItemClick={(id, modifiers) => setSelection((current) => clickItem(current, ids, id, modifiers))}
            onToggle={toggle}
            onSelectAll={() => setSelection(selectAll(ids))}
            onOpen={(id, byDoubleClick) => {
              if (byDoubleClick) setSelection((current) => openByDoubleClick(current, id));
              onOpenAsset(id);
            }}
            label={t('assets.listLabel', { folder: folder.name })}
            stale={listing.isPlaceholderData}
            endSpace={selection.ids.size ? SMART_BAR_ROOM : 0}
            sort={{
              field: filters.sort,
              order: filters.order,
              // A new column starts in its default order (names A→Z, dates newest first); the current one turns around.
              onSort: (sort) =>
                setFilters({
                  ...filters,
                  sort,
                  order:
                    filters.sort === sort
                      ? filters.order === 'asc'
                        ? 'desc'
                        : 'asc'
                      : DEFAULT_SORT_ORDER[sort],
                }),
            }}
          />
        </Flex>
      )}
      {openAssetId ? (
        <AssetDetailModalOnDemand
          assetId={openAssetId}
          resultIds={ids.length ? ids : [openAssetId]}
          hasMore={Boolean(hasNextPage)}
          loadMore={loadMoreIds}
          selected={selection.ids.has(openAssetId)}
          onToggleSelected={toggle}
          onNavigate={onOpenAsset}
          onClose={() => onOpenAsset(undefined)}
          breadcrumb={BREADCRUMB_VIEWS.includes(view)}
          folderId={folder.id}
          results={items}
        />
      ) : null}
      {checking ? <UploadCheckDialog folder={folder} onClose={() => setChecking(false)} /> : null}
    </Stack>
  );
}
