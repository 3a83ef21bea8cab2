import { DUPLICATE_REVIEW_STATES } from '@paddock/rules';
import { createRoute } from '@tanstack/react-router';
import { object, oneOf } from '../app/read-input';
import { dropMalformed } from '../app/search-param';
import { wizardSearch } from '../features/enrichment/wizard-search';
import { authenticatedRoute } from './authenticated.route';
import { lazyPage } from './lazy-page';

// The enrichment wizard's four steps (SPEC §2), each on its own address with the selection.
const pages = () => import('../features/enrichment/wizard-pages');

export const productRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/product',
  validateSearch: wizardSearch,
  component: lazyPage(pages, 'ProductPage'),
});

export const copyrightRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/copyright',
  validateSearch: wizardSearch,
  component: lazyPage(pages, 'CopyrightPage'),
});

export const tagRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/tag',
  validateSearch: wizardSearch,
  component: lazyPage(pages, 'TagPage'),
});

export const summaryRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/summary',
  validateSearch: wizardSearch,
  component: lazyPage(pages, 'SummaryPage'),
});

/** Administration: the page itself tells a non-administrator it is not for them (the hub refuses them too). */
export const manageRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/manage',
  component: lazyPage(() => import('../features/manage/manage-page'), 'ManagePage'),
});

/**
 * "Possible duplicates" (issue 27 point 2), with its tab in the address; the page itself tells a
 * user who does not review duplicates that it is not for them (the hub refuses them too).
 */
export const duplicatesRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/duplicates',
  validateSearch: object({ state: dropMalformed(oneOf(DUPLICATE_REVIEW_STATES)) }),
  component: lazyPage(() => import('../features/duplicates/duplicates-page'), 'DuplicatesPage'),
});
