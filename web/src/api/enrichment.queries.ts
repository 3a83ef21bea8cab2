import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchEnrichmentDefinitions, fetchProducts } from './enrichment.api';

export const enrichmentKeys = {
  all: ['enrichment'] as const,
  definitions: () => [...enrichmentKeys.all, 'definitions'] as const,
  products: () => [...enrichmentKeys.all, 'products'] as const,
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
