import {
  ASSET_SORT_FIELDS,
  FILE_EXTENSIONS,
  FILTER_CONTENT_TYPES,
  METADATA_COMBINATORS,
  METADATA_FILTER_LIMITS,
  METADATA_OPERATORS,
  SORT_ORDERS,
} from '@paddock/rules';
import { z } from 'zod';

const clause = z.object({
  key: z.string().min(1).max(100),
  operator: z.enum(METADATA_OPERATORS),
  value: z.string().max(200),
  value2: z.string().max(200).optional(),
});

/**
 * The listing's sort, filters and search text as the address keeps them (SPEC §3), so a reload or
 * a shared link shows the same listing. Anything malformed is dropped rather than failing the page.
 */
export const listingSearchSchema = z.object({
  sort: z.enum(ASSET_SORT_FIELDS).optional().catch(undefined),
  order: z.enum(SORT_ORDERS).optional().catch(undefined),
  type: z.enum(FILTER_CONTENT_TYPES).optional().catch(undefined),
  ext: z.enum(FILE_EXTENSIONS).optional().catch(undefined),
  /** Published with their folder (SPEC §4 "Folders") or not; absent: both. */
  pub: z.boolean().optional().catch(undefined),
  /** The search text; present (even empty) once a search ran: the search box is then in 'cancel'. */
  q: z.string().max(200).optional().catch(undefined),
  /** Subfolders are listed too: after a search, and after its clear action (SPEC §2). */
  sub: z.boolean().optional().catch(undefined),
  meta: z
    .array(
      z.object({
        combinator: z.enum(METADATA_COMBINATORS),
        clauses: z.array(clause).min(1).max(METADATA_FILTER_LIMITS.clauses),
      }),
    )
    .min(1)
    .max(METADATA_FILTER_LIMITS.groups)
    .optional()
    .catch(undefined),
});
export type ListingSearch = z.infer<typeof listingSearchSchema>;

/**
 * The address of another folder's listing (SPEC §2, §3): the sort and its order stay, a way of
 * looking the user chose; the search text and the filters narrowed the folder they were set in,
 * so another folder opens whole, its search box open again.
 */
export function forAnotherFolder<T extends ListingSearch>(search: T): T {
  return {
    ...search,
    q: undefined,
    sub: undefined,
    type: undefined,
    ext: undefined,
    pub: undefined,
    meta: undefined,
  };
}
