import {
  ASSET_EVENTS_MAX_IDS,
  PROCESSING_STATE,
  type AssetReadinessEvent,
  type AssetSummary,
} from '@paddock/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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
    const source = new EventSource(`/api/assets/events?ids=${encodeURIComponent(waiting)}`);
    source.onmessage = (message) => {
      let event: AssetReadinessEvent;
      try {
        event = JSON.parse(String(message.data)) as AssetReadinessEvent;
      } catch {
        return;
      }
      // The stream ends after the last one; closing first keeps EventSource from reconnecting.
      if (event.pending === 0) source.close();
      if (event.ready.length) void queryClient.invalidateQueries({ queryKey: assetKeys.lists() });
    };
    return () => source.close();
  }, [waiting, queryClient]);
}
