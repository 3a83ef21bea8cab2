import type { Language } from '@paddock/rules';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchAsset, fetchAssets, type AssetQuery } from './assets.api';
import { fetchFolder, fetchFolderTree } from './folders.api';

export const assetKeys = {
  all: ['assets'] as const,
  lists: () => [...assetKeys.all, 'list'] as const,
  list: (query: AssetQuery) => [...assetKeys.lists(), query] as const,
  detail: (id: string) => [...assetKeys.all, 'detail', id] as const,
};

export const folderKeys = {
  all: ['folders'] as const,
  tree: (language: Language) => [...folderKeys.all, 'tree', language] as const,
  one: (id: string, language: Language) => [...folderKeys.all, 'one', id, language] as const,
};

export function folderTreeQueryOptions(language: Language) {
  return queryOptions({
    queryKey: folderKeys.tree(language),
    queryFn: ({ signal }) => fetchFolderTree(language, signal),
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

/** A listing loaded page by page as the user scrolls (offset paging, pages of 100). */
export function assetListQueryOptions(query: AssetQuery) {
  return infiniteQueryOptions({
    queryKey: assetKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchAssets(query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + Math.max(last.items.length, 1);
      // A capped total only says more follow: keep going until a page comes back empty.
      return last.items.length > 0 && (next < last.totalResults || last.totalIsCapped) ? next : undefined;
    },
    staleTime: 30_000,
  });
}

export function assetDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: assetKeys.detail(id),
    queryFn: ({ signal }) => fetchAsset(id, signal),
  });
}
