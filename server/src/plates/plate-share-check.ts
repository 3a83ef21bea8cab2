import { plateBoxRequired as boxRequired, plateRecordOf, plateRecordedIn } from '@paddock/rules';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import { plateBoxRequired } from './plates.errors';

/**
 * Refuses an external share of images whose plate is recorded and which have no box and no
 * person's "nothing to blur" (PLATE_BOX_REQUIRED naming them): nothing is created.
 */
export function refuseImagesWithoutBoxes(contents: readonly ProviderContentDetail[]): void {
  const ids = contents
    .filter((c) => {
      if (c.contentType !== 'IMAGE') return false;
      const record = plateRecordOf(c.imetadata);
      return boxRequired({
        state: record?.state ?? 'none',
        boxes: record?.boxes ?? [],
        plateRecorded: plateRecordedIn(c.imetadata),
      });
    })
    .map((c) => c.id);
  if (ids.length) throw plateBoxRequired(ids);
}
