import type { Language } from '@paddock/rules';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchAssetHolds, fetchLegalHolds, type LegalHoldState } from '../../api/legal-holds.api';

export const legalHoldKeys = {
  all: ['legal-holds'] as const,
  list: (state: LegalHoldState, language: Language) =>
    [...legalHoldKeys.all, 'list', state, language] as const,
  asset: (assetId: string, language: Language) => [...legalHoldKeys.all, 'asset', assetId, language] as const,
};

/** The administrators' list, a page at a time. */
export function legalHoldListQueryOptions(state: LegalHoldState, language: Language) {
  return infiniteQueryOptions({
    queryKey: legalHoldKeys.list(state, language),
    queryFn: ({ pageParam, signal }) => fetchLegalHolds(state, pageParam, language, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((count, page) => count + page.items.length, 0) : undefined,
  });
}

/** What keeps one asset from deletion. */
export function assetHoldsQueryOptions(assetId: string, language: Language) {
  return queryOptions({
    queryKey: legalHoldKeys.asset(assetId, language),
    queryFn: ({ signal }) => fetchAssetHolds(assetId, language, signal),
  });
}
