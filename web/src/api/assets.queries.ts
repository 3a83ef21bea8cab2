import type { Language, ViewScope } from '@paddock/rules';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchAsset, fetchAssetTotal, fetchAssets, type AssetFilter, type AssetQuery } from './assets.api';
import { fetchFolder, fetchFolderTree } from './folders.api';

export const assetKeys = {
  all: ['assets'] as const,
  lists: () => [...assetKeys.all, 'list'] as const,
  list: (query: AssetQuery) => [...assetKeys.lists(), query] as const,
  /** Under lists(): whatever refreshes the listings refreshes their totals. */
  total: (filter: AssetFilter) => [...assetKeys.lists(), 'total', filter] as const,
  /** Every view of one asset (in each language, from each folder) starts with this key. */
  detail: (id: string) => [...assetKeys.all, 'detail', id] as const,
};

export const folderKeys = {
  all: ['folders'] as const,
  tree: (language: Language, scope: ViewScope | null = null) =>
    [...folderKeys.all, 'tree', language, scope] as const,
  one: (id: string, language: Language) => [...folderKeys.all, 'one', id, language] as const,
};

/** Every folder the user sees, or with a scope one view's tree (SPEC §2). */
export function folderTreeQueryOptions(language: Language, scope: ViewScope | null = null) {
  return queryOptions({
    queryKey: folderKeys.tree(language, scope),
    queryFn: ({ signal }) => fetchFolderTree(language, scope, signal),
    staleTime: 60_000,
  });
}

export function folderQueryOptions(id: string, language: Language) {
  return queryOptions({
    queryKey: folderKeys.one(id, language),
    queryFn: ({ signal }) => fetchFolder(id, language, signal),
    staleTime: 60_000,
  });
}

/** A listing loaded page by page as the user scrolls (pages of 100, each from the previous one's cursor). */
export function assetListQueryOptions(query: AssetQuery) {
  return infiniteQueryOptions({
    queryKey: assetKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchAssets(query, pageParam, signal),
    initialPageParam: 0 as number | string,
    getNextPageParam: (last) => (last.hasMore ? (last.next ?? last.offset + last.items.length) : undefined),
    staleTime: 30_000,
  });
}

/** How many assets the listing holds (capped: "10,000+"); the sort does not change it. */
export function assetTotalQueryOptions({
  folderId,
  subfolders,
  q,
  types,
  extensions,
  metadata,
  published,
  only,
}: AssetFilter) {
  const filter: AssetFilter = { folderId, subfolders, q, types, extensions, metadata, published, only };
  return queryOptions({
    queryKey: assetKeys.total(filter),
    queryFn: ({ signal }) => fetchAssetTotal(filter, signal),
    staleTime: 30_000,
  });
}

export function assetDetailQueryOptions(id: string, language: Language) {
  return queryOptions({
    queryKey: [...assetKeys.detail(id), { language }] as const,
    queryFn: ({ signal }) => fetchAsset(id, language, signal),
  });
}
