import { ARCHIVE_SUB_STATES, VIEWS } from '@paddock/rules';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { object, oneOf, string } from '../app/read-input';
import { dropMalformed } from '../app/search-param';
import { listingSearch } from '../features/assets/listing-search';
import { authenticatedRoute } from './authenticated.route';

const homeSearch = object({
  ...listingSearch.shape,
  // An unknown view in the address falls back to the default view instead of failing the page.
  view: dropMalformed(oneOf(VIEWS)),
  // The Archives view's sub-state tab (SPEC §2); the selected folder's own sub-state wins over it.
  archive: dropMalformed(oneOf(ARCHIVE_SUB_STATES)),
  // The folder being browsed and the asset open in the detail modal survive a reload.
  folder: dropMalformed(string({ min: 1 })),
  asset: dropMalformed(string({ min: 1 })),
});

export const homeRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/home',
  validateSearch: homeSearch,
  component: lazyRouteComponent(() => import('../features/home/home-page'), 'HomePage'),
});
