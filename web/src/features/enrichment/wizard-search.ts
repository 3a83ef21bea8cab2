import { VIEWS } from '@paddock/rules';
import { z } from 'zod';

/**
 * The wizard's address (SPEC §2 routes /product, /copyright, /tag, /summary): the folder acted from,
 * the selected assets, and where to go back to (the view, and the asset in detail mode).
 */
export const wizardSearchSchema = z.object({
  folder: z.string().min(1).optional().catch(undefined),
  /** Comma-joined content ids. */
  ids: z.string().min(1).optional().catch(undefined),
  view: z.enum(VIEWS).optional().catch(undefined),
  /** Opened from the detail modal's tag action: back to that asset. */
  detail: z.string().min(1).optional().catch(undefined),
});
export type WizardSearch = z.infer<typeof wizardSearchSchema>;

/** The selected ids of the address, all of them: over the tagging limit the wizard says so (SPEC §5). */
export function idsOf(search: WizardSearch): string[] {
  return (search.ids ?? '').split(',').filter(Boolean);
}
