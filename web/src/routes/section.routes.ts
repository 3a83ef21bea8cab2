import { DUPLICATE_REVIEW_STATES } from '@paddock/rules';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { dropMalformed } from '../app/search-param';
import { wizardSearchSchema } from '../features/enrichment/wizard-search';
import { authenticatedRoute } from './authenticated.route';

// The enrichment wizard's four steps (SPEC §2), each on its own address with the selection.
const pages = () => import('../features/enrichment/wizard-pages');

export const productRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/product',
  validateSearch: wizardSearchSchema,
  component: lazyRouteComponent(pages, 'ProductPage'),
});

export const copyrightRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/copyright',
  validateSearch: wizardSearchSchema,
  component: lazyRouteComponent(pages, 'CopyrightPage'),
});

export const tagRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/tag',
  validateSearch: wizardSearchSchema,
  component: lazyRouteComponent(pages, 'TagPage'),
});

export const summaryRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/summary',
  validateSearch: wizardSearchSchema,
  component: lazyRouteComponent(pages, 'SummaryPage'),
});

/** Administration: the page itself tells a non-administrator it is not for them (the hub refuses them too). */
export const manageRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/manage',
  component: lazyRouteComponent(() => import('../features/manage/manage-page'), 'ManagePage'),
});

/**
 * "Possible duplicates" (issue 27 point 2), with its tab in the address; the page itself tells a
 * user who does not review duplicates that it is not for them (the hub refuses them too).
 */
export const duplicatesRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/duplicates',
  validateSearch: z.object({ state: dropMalformed(z.enum(DUPLICATE_REVIEW_STATES)) }),
  component: lazyRouteComponent(() => import('../features/duplicates/duplicates-page'), 'DuplicatesPage'),
});
