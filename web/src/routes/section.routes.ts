import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
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
