import type { AssetDetail, Language } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { assetPath } from './assets.api';
import { assetKeys } from './assets.queries';
import { request } from './http';

/** An asset as seen from the listing's folder: the detail plus its place and allowed actions. */
export function assetInFolderQueryOptions(id: string, folderId: string, language: Language) {
  return queryOptions({
    // Under the detail key, so invalidating an asset's detail refreshes every place it is seen from.
    queryKey: [...assetKeys.detail(id), { folderId, language }] as const,
    queryFn: ({ signal }) => request<AssetDetail>(assetPath(id, language, folderId), { signal }),
  });
}
