import type { View } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { request } from './http';

export type AssetCounts = Partial<Record<View, number>>;

/**
 * Assets per view (SPEC §6: loaded for the user role only — the hub answers {} to the others).
 * Keyed under 'assets' so whatever refreshes the listings after a job refreshes the counts too.
 */
export function assetCountsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['assets', 'counts'] as const,
    queryFn: ({ signal }) => request<AssetCounts>('/api/assets/counts', { signal }),
    staleTime: 30_000,
    enabled,
  });
}
