import { VIEWS } from '@paddock/rules';
import { object, oneOf, string, type Read } from '../../app/read-input';
import { dropMalformed } from '../../app/search-param';

/**
 * The wizard's address (SPEC §2 routes /product, /copyright, /tag, /summary): the folder acted from,
 * the selected assets, and where to go back to (the view, and the asset in detail mode).
 */
export const wizardSearch = object({
  folder: dropMalformed(string({ min: 1 })),
  /** Comma-joined content ids. */
  ids: dropMalformed(string({ min: 1 })),
  view: dropMalformed(oneOf(VIEWS)),
  /** Opened from the detail modal's tag action: back to that asset. */
  detail: dropMalformed(string({ min: 1 })),
});
export type WizardSearch = Read<typeof wizardSearch>;

/** The selected ids of the address, all of them: over the tagging limit the wizard says so (SPEC §5). */
export function idsOf(search: WizardSearch): string[] {
  return (search.ids ?? '').split(',').filter(Boolean);
}
