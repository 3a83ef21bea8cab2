import { ENRICHMENT_CLASSIFICATIONS } from './enrichment';

/** The classifications whose tags a user picks by hand (the smart bar's bulk tagging): products and free tags. */
export const PICKABLE_TAG_CLASSIFICATIONS = [
  ENRICHMENT_CLASSIFICATIONS.products,
  ENRICHMENT_CLASSIFICATIONS.tags,
] as const;

/** One tag a user may pick, named in the interface language. */
export interface TagOption {
  id: string;
  classificationId: string;
  label: string;
}

/** `GET /api/tags/definitions?lang=`: the pickable tags, by classification then label. */
export interface TagOptionsResponse {
  items: TagOption[];
}
