import { VIEWS } from '@paddock/rules';
import { z } from 'zod/mini';
import { dropMalformed } from '../../app/search-param';

/**
 * The wizard's address (SPEC §2 routes /product, /copyright, /tag, /summary): the folder acted from,
 * the selected assets, and where to go back to (the view, and the asset in detail mode).
 */
export const wizardSearchSchema = z.object({
  folder: dropMalformed(z.string().check(z.minLength(1))),
  /** Comma-joined content ids. */
  ids: dropMalformed(z.string().check(z.minLength(1))),
  view: dropMalformed(z.enum(VIEWS)),
  /** Opened from the detail modal's tag action: back to that asset. */
  detail: dropMalformed(z.string().check(z.minLength(1))),
});
export type WizardSearch = z.infer<typeof wizardSearchSchema>;

/** The selected ids of the address, all of them: over the tagging limit the wizard says so (SPEC §5). */
export function idsOf(search: WizardSearch): string[] {
  return (search.ids ?? '').split(',').filter(Boolean);
}
