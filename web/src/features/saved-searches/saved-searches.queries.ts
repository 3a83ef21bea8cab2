import type { Language } from '@paddock/rules';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchCollectionAssets, fetchCollections, fetchSavedSearches } from '../../api/saved-searches.api';

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: () => [...savedSearchKeys.all, 'list'] as const,
  collections: () => [...savedSearchKeys.all, 'collections'] as const,
  collectionAssets: (id: string, language: Language) =>
    [...savedSearchKeys.collections(), id, 'assets', language] as const,
};

export function savedSearchesQueryOptions() {
  return queryOptions({
    queryKey: savedSearchKeys.list(),
    queryFn: ({ signal }) => fetchSavedSearches(signal),
  });
}

export function collectionsQueryOptions() {
  return queryOptions({
    queryKey: savedSearchKeys.collections(),
    queryFn: ({ signal }) => fetchCollections(signal),
  });
}

/** A collection's assets the user may see, newest first, a page at a time. */
export function collectionAssetsQueryOptions(id: string, language: Language) {
  return infiniteQueryOptions({
    queryKey: savedSearchKeys.collectionAssets(id, language),
    queryFn: ({ pageParam, signal }) =>
      fetchCollectionAssets(
        id,
        { sort: 'creationDate', order: 'desc', offset: pageParam, lang: language },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.items.length : undefined),
  });
}
