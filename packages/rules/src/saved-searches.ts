import type { AssetSortField, FileExtension, FilterContentType, SortOrder } from './assets';
import { RIGHTS_END_KEYS, restrictionDayOf } from './enrichment';
import { LIMITS, RIGHTS_ENDING_DAYS } from './limits';
import type { MetadataFilter } from './metadata-filter';

/**
 * Saved searches and collections (docs/saved-searches.md): a user keeps a listing's search (its
 * text, filters and sort, as the listing's address holds them) under a name, pins it, shares it
 * with colleagues or a department; a collection is a list of assets across folders, kept by id.
 * Defined once for the hub and the web.
 */

/**
 * The listing filters a built-in saved search applies (the listing's `only` parameter): each is a
 * question the hub answers in its one search (SearchService), so the page and its total agree.
 */
export const LISTING_ONLY_FILTERS = [
  'missingMandatory',
  'rightsEnding',
  'possibleDuplicates',
  'preflightFailed',
] as const;
export type ListingOnlyFilter = (typeof LISTING_ONLY_FILTERS)[number];

/**
 * "Rights ending in 30 days" as a metadata filter: a to-date from today to RIGHTS_ENDING_DAYS on,
 * both included (a right ending today still holds today, restrictionOf).
 */
export function rightsEndingFilter(now: Date): MetadataFilter {
  const from = restrictionDayOf(now);
  const to = restrictionDayOf(new Date(Date.parse(from) + RIGHTS_ENDING_DAYS * 86_400_000));
  return {
    combinator: 'AT_LEAST_ONE',
    clauses: RIGHTS_END_KEYS.map((key) => ({ key, operator: 'BETWEEN', value: from, value2: to })),
  };
}

/** The built-in saved searches: read-only, offered to everyone, named by the web in its language. */
export const BUILTIN_SAVED_SEARCHES: readonly { id: string; only: ListingOnlyFilter }[] = [
  { id: 'builtin-missing-mandatory', only: 'missingMandatory' },
  { id: 'builtin-rights-ending', only: 'rightsEnding' },
  { id: 'builtin-possible-duplicates', only: 'possibleDuplicates' },
  { id: 'builtin-preflight-failed', only: 'preflightFailed' },
];
export type BuiltinSavedSearchId = (typeof BUILTIN_SAVED_SEARCHES)[number]['id'];

/** The bounds of saved searches and collections, read by the hub's DTOs and the web's forms. */
export const SAVED_SEARCH_LIMITS = {
  /** The longest name of a saved search or a collection. */
  nameMaxLength: LIMITS.savedSearchNameMaxLength,
  /** Saved searches one user owns. */
  perOwner: LIMITS.savedSearchesPerOwner,
  /** Colleagues one saved search or collection is shared with by name. */
  shareUsersMax: LIMITS.savedSearchShareUsersMax,
  /** Collections one user owns. */
  collectionsPerOwner: LIMITS.collectionsPerOwner,
  /** Assets in one collection: what the provider reads by id in one search. */
  collectionItemsMax: LIMITS.collectionItemsMax,
} as const;

/** A listing as a saved search keeps it: the keys of the listing's address (web listing-search.ts). */
export interface SavedListingQuery {
  /** The folder listed; absent: every folder the reader can see. */
  folder?: string;
  q?: string;
  sub?: boolean;
  sort?: AssetSortField;
  order?: SortOrder;
  type?: FilterContentType;
  ext?: FileExtension;
  pub?: boolean;
  meta?: MetadataFilter[];
  only?: ListingOnlyFilter;
}

/** With whom a saved search or a collection is shared: colleagues by username, and a department. */
export interface SharedWith {
  users: string[];
  department: string | null;
}

export interface SavedSearchView {
  id: string;
  /** Null for a built-in: the web names it in its language. */
  name: string | null;
  builtin: boolean;
  owner: string | null;
  /** The reader owns it: they rename, share and delete it. */
  mine: boolean;
  pinned: boolean;
  query: SavedListingQuery;
  /** The owner's sharing; empty for the others. */
  sharedWith: SharedWith;
}

export interface SaveSearchRequest {
  name: string;
  query: SavedListingQuery;
}

export interface CollectionView {
  id: string;
  name: string;
  owner: string;
  mine: boolean;
  /** Ids kept (the reader's view lists only those it may see). */
  size: number;
  sharedWith: SharedWith;
}

export const SAVED_SEARCH_ERROR_CODES = {
  /** A user already owns a saved search or a collection of that name. */
  NAME_TAKEN: 'SAVED_SEARCH_NAME_TAKEN',
  /** More saved searches, collections or items than SAVED_SEARCH_LIMITS allow. */
  LIMIT_REACHED: 'SAVED_SEARCH_LIMIT_REACHED',
  /** A built-in saved search is read-only. */
  BUILTIN_READ_ONLY: 'SAVED_SEARCH_BUILTIN_READ_ONLY',
} as const;
export type SavedSearchErrorCode = (typeof SAVED_SEARCH_ERROR_CODES)[keyof typeof SAVED_SEARCH_ERROR_CODES];

/** Pinned first, then built-ins, then the reader's own, then what others share, each by name. */
export function savedSearchOrder(a: SavedSearchView, b: SavedSearchView): number {
  const rank = (s: SavedSearchView) => (s.pinned ? 0 : s.builtin ? 1 : s.mine ? 2 : 3);
  return rank(a) - rank(b) || (a.name ?? a.id).localeCompare(b.name ?? b.id);
}

/** What decides who reads a saved search or a collection. */
export interface SharedThing {
  owner: string;
  users: readonly string[];
  /** Lower case. */
  department: string | null;
}

/**
 * Who may read a saved search or a collection: its owner, a colleague it is shared with by name,
 * a member of the department it is shared with. Only the owner changes or deletes it.
 */
export function mayReadShared(
  thing: SharedThing,
  reader: { username: string; department: string | null },
): boolean {
  if (thing.owner === reader.username || thing.users.includes(reader.username)) return true;
  return !!thing.department && thing.department === reader.department?.toLowerCase();
}
