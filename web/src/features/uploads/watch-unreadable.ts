import { unreadableIds } from '@paddock/rules';
import { followAssetEvents } from '../../api/asset-events';

/**
 * Waits for the provider to finish an uploaded content's previews and calls `onUnreadable` when it
 * could not read the file: the bytes arrived, but the upload did not deliver anything usable, and
 * the uploader must hear it where they watched it arrive.
 */
export function watchUnreadable(contentId: string, onUnreadable: () => void): void {
  followAssetEvents(contentId, (event) => {
    if (unreadableIds(event.ready.map((r) => ({ id: r.contentId, state: r.state }))).length) onUnreadable();
  });
}
