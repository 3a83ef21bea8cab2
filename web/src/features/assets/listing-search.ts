import {
  ASSET_SORT_FIELDS,
  FILE_EXTENSIONS,
  FILTER_CONTENT_TYPES,
  LISTING_ONLY_FILTERS,
  METADATA_COMBINATORS,
  METADATA_FILTER_LIMITS,
  METADATA_OPERATORS,
  SORT_ORDERS,
} from '@paddock/rules';
import { z } from 'zod/mini';
import { dropMalformed } from '../../app/search-param';

const clause = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(100)),
  operator: z.enum(METADATA_OPERATORS),
  value: z.string().check(z.maxLength(200)),
  value2: z.optional(z.string().check(z.maxLength(200))),
});

/**
 * The listing's sort, filters and search text as the address keeps them (SPEC §3), so a reload or
 * a shared link shows the same listing. Anything malformed is dropped rather than failing the page.
 */
export const listingSearchSchema = z.object({
  sort: dropMalformed(z.enum(ASSET_SORT_FIELDS)),
  order: dropMalformed(z.enum(SORT_ORDERS)),
  type: dropMalformed(z.enum(FILTER_CONTENT_TYPES)),
  ext: dropMalformed(z.enum(FILE_EXTENSIONS)),
  /** Published with their folder (SPEC §4 "Folders") or not; absent: both. */
  pub: dropMalformed(z.boolean()),
  /** The search text; present (even empty) once a search ran: the search box is then in 'cancel'. */
  q: dropMalformed(z.string().check(z.maxLength(200))),
  /** Subfolders are listed too: after a search, and after its clear action (SPEC §2). */
  sub: dropMalformed(z.boolean()),
  meta: dropMalformed(
    z
      .array(
        z.object({
          combinator: z.enum(METADATA_COMBINATORS),
          clauses: z.array(clause).check(z.minLength(1), z.maxLength(METADATA_FILTER_LIMITS.clauses)),
        }),
      )
      .check(z.minLength(1), z.maxLength(METADATA_FILTER_LIMITS.groups)),
  ),
  /** A built-in saved search's question (docs/saved-searches.md), on top of the other filters. */
  only: dropMalformed(z.enum(LISTING_ONLY_FILTERS)),
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
    only: undefined,
  };
}
