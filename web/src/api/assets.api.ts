import type {
  AssetDetail,
  AssetListResponse,
  AssetSortField,
  AssetTotalResponse,
  FileExtension,
  FilterContentType,
  Language,
  ListingOnlyFilter,
  MetadataFilter,
  SortOrder,
  UploadResult,
} from '@paddock/rules';
import { request } from './http';

/** What a listing or search looks for (and what its total counts). */
export interface AssetFilter {
  folderId: string;
  subfolders: boolean;
  q: string;
  types: readonly FilterContentType[];
  extensions: readonly FileExtension[];
  /** SPEC §3 metadata search: groups of clauses, each with its combinator. */
  metadata: readonly MetadataFilter[];
  /** SPEC §4 "Folders": only the assets published with their folder (true), or only the others (false). */
  published?: boolean;
  /** A built-in saved search's question (docs/saved-searches.md). */
  only?: ListingOnlyFilter;
}

/** What a listing asks for; paging is added per page. */
export interface AssetQuery extends AssetFilter {
  sort: AssetSortField;
  order: SortOrder;
  /** The interface language: names come in its asset locale (and sort in it). */
  lang: Language;
}

/** The hub's largest page (it pages the provider by 50 behind it). */
export const ASSET_PAGE_SIZE = 100;

function filterParams(filter: AssetFilter): URLSearchParams {
  const params = new URLSearchParams({ folderId: filter.folderId, subfolders: String(filter.subfolders) });
  if (filter.q) params.set('q', filter.q);
  if (filter.types.length) params.set('types', filter.types.join(','));
  if (filter.extensions.length) params.set('extensions', filter.extensions.join(','));
  if (filter.metadata.length) params.set('metadata', JSON.stringify(filter.metadata));
  if (filter.published !== undefined) params.set('published', String(filter.published));
  if (filter.only) params.set('only', filter.only);
  return params;
}

/** `from`: an offset, or the previous page's `next` cursor. */
export function assetListPath(query: AssetQuery, from: number | string, limit = ASSET_PAGE_SIZE): string {
  const params = filterParams(query);
  params.set('sort', query.sort);
  params.set('order', query.order);
  params.set(typeof from === 'string' ? 'cursor' : 'offset', String(from));
  params.set('limit', String(limit));
  params.set('lang', query.lang);
  return `/api/assets?${params.toString()}`;
}

/** The listing's total is a request of its own: counting is slower than a page, which need not wait for it. */
export function fetchAssetTotal(filter: AssetFilter, signal?: AbortSignal): Promise<AssetTotalResponse> {
  return request<AssetTotalResponse>(`/api/assets/total?${filterParams(filter).toString()}`, { signal });
}

export function fetchAssets(
  query: AssetQuery,
  from: number | string,
  signal?: AbortSignal,
): Promise<AssetListResponse> {
  return request<AssetListResponse>(assetListPath(query, from), { signal });
}

/** An asset's address, its names, folders and tags in `language`, seen from `folderId` when given. */
export function assetPath(id: string, language: Language, folderId?: string): string {
  const params = new URLSearchParams({ lang: language });
  if (folderId) params.set('folderId', folderId);
  return `/api/assets/${encodeURIComponent(id)}?${params.toString()}`;
}

export function fetchAsset(id: string, language: Language, signal?: AbortSignal): Promise<AssetDetail> {
  return request<AssetDetail>(assetPath(id, language), { signal });
}

/** `folderId`: the folder the user renames it from, whose SPEC §6 view decides (the hub checks). */
export function renameAsset(
  id: string,
  name: string,
  language: Language,
  folderId?: string,
): Promise<AssetDetail> {
  return request<AssetDetail>(assetPath(id, language, folderId), { method: 'PATCH', body: { name } });
}

export function fetchUploadResult(uploadId: string): Promise<UploadResult> {
  return request<UploadResult>(`/api/uploads/${encodeURIComponent(uploadId)}/result`);
}
