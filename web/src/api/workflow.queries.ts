import type { AssetDetail } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { assetKeys } from './assets.queries';
import { request } from './http';

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
