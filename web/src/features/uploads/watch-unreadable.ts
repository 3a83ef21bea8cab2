import { unreadableIds, type AssetReadinessEvent } from '@paddock/rules';

/**
 * Waits for the provider to finish an uploaded content's previews (GET /api/assets/events) and calls
 * `onUnreadable` when it could not read the file: the bytes arrived, but the upload did not deliver
 * anything usable, and the uploader must hear it where they watched it arrive.
 */
export function watchUnreadable(contentId: string, onUnreadable: () => void): void {
  const source = new EventSource(`/api/assets/events?ids=${encodeURIComponent(contentId)}`);
  source.onmessage = (message) => {
    let event: AssetReadinessEvent;
    try {
      event = JSON.parse(String(message.data)) as AssetReadinessEvent;
    } catch {
      return;
    }
    // The stream ends after the last one; closing first keeps EventSource from reconnecting.
    if (event.pending === 0) source.close();
    if (unreadableIds(event.ready.map((r) => ({ id: r.contentId, state: r.state }))).length) onUnreadable();
  };
}
