import type { AssetActions, AssetDetail, FolderNode, Language, Place } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { assetKeys, folderKeys } from './assets.queries';
import { request } from './http';

/** `GET /api/folders/:id`: the folder, its place and what SPEC §6 lets this user do with assets in it. */
export type FolderInPlace = FolderNode & { place?: Place; actions?: AssetActions };

/** An asset as seen from the listing's folder: the detail plus its place and allowed actions. */
export function assetInFolderQueryOptions(id: string, folderId: string) {
  return queryOptions({
    // Under the detail key, so invalidating an asset's detail refreshes every place it is seen from.
    queryKey: [...assetKeys.detail(id), { folderId }] as const,
    queryFn: ({ signal }) =>
      request<AssetDetail>(`/api/assets/${encodeURIComponent(id)}?folderId=${encodeURIComponent(folderId)}`, {
        signal,
      }),
  });
}

export function folderActionsQueryOptions(id: string, language: Language) {
  return queryOptions({
    // The same answer folderQueryOptions caches, read with its place and actions.
    queryKey: folderKeys.one(id, language),
    queryFn: ({ signal }) =>
      request<FolderInPlace>(`/api/folders/${encodeURIComponent(id)}?lang=${language}`, { signal }),
    staleTime: 60_000,
  });
}
