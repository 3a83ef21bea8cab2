import type {
  AssetListResponse,
  AssetSortField,
  CollectionView,
  Language,
  SaveSearchRequest,
  SavedListingQuery,
  SavedSearchView,
  SharedWith,
  SortOrder,
} from '@paddock/rules';
import { request } from './http';

const path = (id: string) => `/api/saved-searches/${encodeURIComponent(id)}`;
const collectionPath = (id: string) => `/api/collections/${encodeURIComponent(id)}`;

/** What the user reads: pinned first, then the built-ins, their own, and what is shared with them. */
export async function fetchSavedSearches(signal?: AbortSignal): Promise<SavedSearchView[]> {
  return (await request<{ items: SavedSearchView[] }>('/api/saved-searches', { signal })).items;
}

export function saveSearch(body: SaveSearchRequest): Promise<SavedSearchView> {
  return request<SavedSearchView>('/api/saved-searches', { method: 'POST', body });
}

export function updateSavedSearch(
  id: string,
  body: { name?: string; query?: SavedListingQuery },
): Promise<SavedSearchView> {
  return request<SavedSearchView>(path(id), { method: 'PATCH', body });
}

export function shareSavedSearch(id: string, body: SharedWith): Promise<SavedSearchView> {
  return request<SavedSearchView>(`${path(id)}/sharing`, { method: 'PUT', body });
}

export function pinSavedSearch(id: string, pinned: boolean): Promise<SavedSearchView> {
  return request<SavedSearchView>(`${path(id)}/pin`, { method: 'PUT', body: { pinned } });
}

export function deleteSavedSearch(id: string): Promise<void> {
  return request<void>(path(id), { method: 'DELETE' });
}

export async function fetchCollections(signal?: AbortSignal): Promise<CollectionView[]> {
  return (await request<{ items: CollectionView[] }>('/api/collections', { signal })).items;
}

export function createCollection(name: string): Promise<CollectionView> {
  return request<CollectionView>('/api/collections', { method: 'POST', body: { name } });
}

export function renameCollection(id: string, name: string): Promise<CollectionView> {
  return request<CollectionView>(collectionPath(id), { method: 'PATCH', body: { name } });
}

export function shareCollection(id: string, body: SharedWith): Promise<CollectionView> {
  return request<CollectionView>(`${collectionPath(id)}/sharing`, { method: 'PUT', body });
}

export function deleteCollection(id: string): Promise<void> {
  return request<void>(collectionPath(id), { method: 'DELETE' });
}

export function addToCollection(id: string, contentIds: readonly string[]): Promise<CollectionView> {
  return request<CollectionView>(`${collectionPath(id)}/items`, {
    method: 'POST',
    body: { contentIds: [...contentIds] },
  });
}

export function removeFromCollection(id: string, contentIds: readonly string[]): Promise<CollectionView> {
  return request<CollectionView>(`${collectionPath(id)}/items/remove`, {
    method: 'POST',
    body: { contentIds: [...contentIds] },
  });
}

/** A page of a collection's assets the user may see, as the listing shows them. */
export function fetchCollectionAssets(
  id: string,
  page: { sort: AssetSortField; order: SortOrder; offset: number; lang: Language },
  signal?: AbortSignal,
): Promise<AssetListResponse> {
  const params = new URLSearchParams({
    sort: page.sort,
    order: page.order,
    offset: String(page.offset),
    limit: '100',
    lang: page.lang,
  });
  return request<AssetListResponse>(`${collectionPath(id)}/assets?${params}`, { signal });
}
