import { ASSET_EVENTS_MAX_IDS, PROCESSING_STATE, type AssetSummary } from '@paddock/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followAssetEvents } from '../../api/asset-events';
import { assetKeys } from '../../api/assets.queries';

/**
 * Listens, while a listing shows assets whose previews are still being made, for the hub's word that
 * they exist (GET /api/assets/events, SSE), then refreshes the listings: the cards' "preparing
 * preview" turns into the thumbnail without a reload.
 */
export function useAssetReadiness(items: readonly AssetSummary[]): void {
  const queryClient = useQueryClient();
  const waiting = items
    .filter((item) => item.state === PROCESSING_STATE)
    .slice(0, ASSET_EVENTS_MAX_IDS)
    .map((item) => item.id)
    .join(',');

  useEffect(() => {
    if (!waiting) return;
    return followAssetEvents(waiting, (event) => {
      if (event.ready.length) void queryClient.invalidateQueries({ queryKey: assetKeys.lists() });
    });
  }, [waiting, queryClient]);
}
