import type { AssetReadinessEvent } from '@paddock/rules';

/**
 * Follows GET /api/assets/events (SSE) for `ids` until the hub says none is pending; `onEvent` gets
 * each well-formed event. Returns the close, for a listener that stops watching earlier.
 */
export function followAssetEvents(ids: string, onEvent: (event: AssetReadinessEvent) => void): () => void {
  const source = new EventSource(`/api/assets/events?ids=${encodeURIComponent(ids)}`);
  source.onmessage = (message) => {
    let event: AssetReadinessEvent;
    try {
      event = JSON.parse(String(message.data)) as AssetReadinessEvent;
    } catch {
      return;
    }
    // The stream ends after the last one; closing first keeps EventSource from reconnecting.
    if (event.pending === 0) source.close();
    onEvent(event);
  };
  return () => source.close();
}
