import type { Language, RejectedDeliveriesResponse, View } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { request } from './http';

export type AssetCounts = Partial<Record<View, number>>;

/**
 * Assets per view: the user role's views (SPEC §6), an approver's queue (issue 23); the hub decides
 * who gets which and answers {} to the others, so every session asks.
 * Keyed under 'assets' so whatever refreshes the listings after a job refreshes the counts too.
 */
export function assetCountsQueryOptions() {
  return queryOptions({
    queryKey: ['assets', 'counts'] as const,
    queryFn: ({ signal }) => request<AssetCounts>('/api/assets/counts', { signal }),
    staleTime: 30_000,
  });
}

/**
 * A supplier's deliveries that came back rejected, with the note (issue 23); [] for anyone else.
 * Keyed under 'assets' so a new version (or any job) refreshes the notice with the listings.
 */
export function rejectedDeliveriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['assets', 'rejected-deliveries', language] as const,
    queryFn: ({ signal }) =>
      request<RejectedDeliveriesResponse>(`/api/assets/rejected-deliveries?lang=${language}`, { signal }),
    staleTime: 30_000,
  });
}
