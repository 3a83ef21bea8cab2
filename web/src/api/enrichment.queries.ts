import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchEnrichmentDefinitions, fetchEnrichmentDraft, fetchProducts } from './enrichment.api';

export const enrichmentKeys = {
  all: ['enrichment'] as const,
  definitions: () => [...enrichmentKeys.all, 'definitions'] as const,
  products: () => [...enrichmentKeys.all, 'products'] as const,
  draft: (folderId: string, contentIds: readonly string[]) =>
    [...enrichmentKeys.all, 'draft', folderId, [...contentIds].sort().join(',')] as const,
};

/** The metadata definitions and free tags: they change rarely, so a few minutes' cache. */
export function enrichmentDefinitionsQueryOptions() {
  return queryOptions({
    queryKey: enrichmentKeys.definitions(),
    queryFn: ({ signal }) => fetchEnrichmentDefinitions(signal),
    staleTime: 5 * 60_000,
  });
}

/** The product listing, a page at a time from each page's `next`. */
export function productsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: enrichmentKeys.products(),
    queryFn: ({ pageParam, signal }) => fetchProducts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 5 * 60_000,
  });
}

/**
 * The server's draft of a selection, read once when this tab has none: a failure is no draft (the
 * wizard starts afresh rather than waits), so it is not retried.
 */
export function enrichmentDraftQueryOptions(folderId: string, contentIds: readonly string[]) {
  return queryOptions({
    queryKey: enrichmentKeys.draft(folderId, contentIds),
    queryFn: ({ signal }) => fetchEnrichmentDraft(folderId, contentIds, signal),
    staleTime: Infinity,
    retry: false,
  });
}
