import type {
  AssetDetail,
  AssetListResponse,
  AssetSortField,
  FileExtension,
  FilterContentType,
  SortOrder,
  UploadResult,
} from '@paddock/rules';
import { request } from './http';

/** What a listing asks for; paging is added per page. */
export interface AssetQuery {
  folderId: string;
  subfolders: boolean;
  q: string;
  types: readonly FilterContentType[];
  extensions: readonly FileExtension[];
  sort: AssetSortField;
  order: SortOrder;
}

/** The hub's largest page (it pages the provider by 50 behind it). */
export const ASSET_PAGE_SIZE = 100;

export function assetListPath(query: AssetQuery, offset: number, limit = ASSET_PAGE_SIZE): string {
  const params = new URLSearchParams({
    folderId: query.folderId,
    subfolders: String(query.subfolders),
    sort: query.sort,
    order: query.order,
    offset: String(offset),
    limit: String(limit),
  });
  if (query.q) params.set('q', query.q);
  if (query.types.length) params.set('types', query.types.join(','));
  if (query.extensions.length) params.set('extensions', query.extensions.join(','));
  return `/api/assets?${params.toString()}`;
}

export function fetchAssets(
  query: AssetQuery,
  offset: number,
  signal?: AbortSignal,
): Promise<AssetListResponse> {
  return request<AssetListResponse>(assetListPath(query, offset), { signal });
}

export function fetchAsset(id: string, signal?: AbortSignal): Promise<AssetDetail> {
  return request<AssetDetail>(`/api/assets/${encodeURIComponent(id)}`, { signal });
}

/** `folderId`: the folder the user renames it from, whose SPEC §6 view decides (the hub checks). */
export function renameAsset(id: string, name: string, folderId?: string): Promise<AssetDetail> {
  const query = folderId ? `?folderId=${encodeURIComponent(folderId)}` : '';
  return request<AssetDetail>(`/api/assets/${encodeURIComponent(id)}${query}`, {
    method: 'PATCH',
    body: { name },
  });
}

export function fetchUploadResult(uploadId: string): Promise<UploadResult> {
  return request<UploadResult>(`/api/uploads/${encodeURIComponent(uploadId)}/result`);
}
