import { ENRICHMENT_CLASSIFICATIONS, type TagSummary } from './enrichment';

/** The classifications whose tags a user picks by hand (the smart bar's bulk tagging): products and free tags. */
export const PICKABLE_TAG_CLASSIFICATIONS = [
  ENRICHMENT_CLASSIFICATIONS.products,
  ENRICHMENT_CLASSIFICATIONS.tags,
] as const;

/** One tag a user may pick: its names by language, and `label`, the name in the asked language. */
export interface TagOption extends TagSummary {
  label: string;
}

/**
 * `GET /api/tags/definitions?lang=`: the pickable tags, by classification then label — the one tag
 * listing, for the smart bar's bulk tagging and the wizard's free tags (step 3) alike.
 */
export interface TagOptionsResponse {
  items: TagOption[];
}
