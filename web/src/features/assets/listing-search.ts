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
import { array, boolean, object, oneOf, optional, string, type Read } from '../../app/read-input';
import { dropMalformed } from '../../app/search-param';

const clause = object({
  key: string({ min: 1, max: 100 }),
  operator: oneOf(METADATA_OPERATORS),
  value: string({ max: 200 }),
  value2: optional(string({ max: 200 })),
});

/**
 * The listing's sort, filters and search text as the address keeps them (SPEC §3), so a reload or
 * a shared link shows the same listing. Anything malformed is dropped rather than failing the page.
 */
export const listingSearch = object({
  sort: dropMalformed(oneOf(ASSET_SORT_FIELDS)),
  order: dropMalformed(oneOf(SORT_ORDERS)),
  type: dropMalformed(oneOf(FILTER_CONTENT_TYPES)),
  ext: dropMalformed(oneOf(FILE_EXTENSIONS)),
  /** Published with their folder (SPEC §4 "Folders") or not; absent: both. */
  pub: dropMalformed(boolean()),
  /** The search text; present (even empty) once a search ran: the search box is then in 'cancel'. */
  q: dropMalformed(string({ max: 200 })),
  /** Subfolders are listed too: after a search, and after its clear action (SPEC §2). */
  sub: dropMalformed(boolean()),
  meta: dropMalformed(
    array(
      object({
        combinator: oneOf(METADATA_COMBINATORS),
        clauses: array(clause, { min: 1, max: METADATA_FILTER_LIMITS.clauses }),
      }),
      { min: 1, max: METADATA_FILTER_LIMITS.groups },
    ),
  ),
  /** A built-in saved search's question (docs/saved-searches.md), on top of the other filters. */
  only: dropMalformed(oneOf(LISTING_ONLY_FILTERS)),
});
export type ListingSearch = Read<typeof listingSearch>;

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
