import { DEFAULT_SORT_ORDER } from '@paddock/rules';
import { getRouteApi } from '@tanstack/react-router';
import type { ListingFilters } from './listing-controls';
import type { SearchState } from './search-box';

const route = getRouteApi('/_authenticated/home');

const DEFAULT_SORT = 'creationDate' as const;

/**
 * The listing's sort, filters and search as the address holds them (listing-search.ts): a reload or
 * a shared link shows the same listing. Defaults stay out of the address; changes replace the entry,
 * so Back leaves the page rather than stepping through every filter tried.
 */
export function useListingSearch() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const sort = search.sort ?? DEFAULT_SORT;
  const filters: ListingFilters = {
    sort,
    order: search.order ?? DEFAULT_SORT_ORDER[sort],
    type: search.type,
    extension: search.ext,
    published: search.pub,
    metadata: search.meta ?? [],
  };
  const searchState: SearchState = search.q === undefined ? 'open' : 'cancel';
  return {
    filters,
    text: search.q ?? '',
    subfolders: search.sub === true,
    only: search.only,
    searchState,
    setFilters(next: ListingFilters) {
      void navigate({
        replace: true,
        search: (previous) => ({
          ...previous,
          sort: next.sort === DEFAULT_SORT ? undefined : next.sort,
          order: next.order === DEFAULT_SORT_ORDER[next.sort] ? undefined : next.order,
          type: next.type,
          ext: next.extension,
          pub: next.published,
          meta: next.metadata.length ? next.metadata : undefined,
        }),
      });
    },
    /** A text searches (state 'cancel'); undefined is the clear action. Both list the subfolders (SPEC §2). */
    /** Drops a built-in saved search's question; the rest of the listing stays. */
    clearOnly() {
      void navigate({ replace: true, search: (previous) => ({ ...previous, only: undefined }) });
    },
    setSearch(text: string | undefined) {
      void navigate({ replace: true, search: (previous) => ({ ...previous, q: text, sub: true }) });
    },
  };
}
