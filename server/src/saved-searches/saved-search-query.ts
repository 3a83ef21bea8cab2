import {
  ASSET_SORT_FIELDS,
  FILE_EXTENSIONS,
  FILTER_CONTENT_TYPES,
  LISTING_ONLY_FILTERS,
  SORT_ORDERS,
  isLatin1,
  type SavedListingQuery,
} from '@paddock/rules';
import { z } from 'zod';
import { QUERY_MAX_LENGTH, metadataFilterSchema } from '../search/search.dto';

/**
 * A saved search's query: the listing's address keys (web listing-search.ts) with the bounds
 * GET /api/assets puts on the same values, so a saved search always opens as a valid listing.
 * Unknown keys are refused, not kept.
 */
export const savedListingQuerySchema = z
  .object({
    folder: z.string().min(1).max(200).optional(),
    q: z.string().max(QUERY_MAX_LENGTH).refine(isLatin1, 'must be Latin-1').optional(),
    sub: z.boolean().optional(),
    sort: z.enum(ASSET_SORT_FIELDS).optional(),
    order: z.enum(SORT_ORDERS).optional(),
    type: z.enum(FILTER_CONTENT_TYPES).optional(),
    ext: z.enum(FILE_EXTENSIONS).optional(),
    pub: z.boolean().optional(),
    meta: metadataFilterSchema.optional(),
    only: z.enum(LISTING_ONLY_FILTERS).optional(),
  })
  .strict();

/** The query as stored, or null when it is not one (never written so: every write checks it). */
export function savedListingQueryOf(value: unknown): SavedListingQuery | null {
  const parsed = savedListingQuerySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
