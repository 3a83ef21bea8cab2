import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authenticatedRoute } from './authenticated.route';

const pages = () => import('../features/sections/section-pages');

export const productRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/product',
  component: lazyRouteComponent(pages, 'ProductPage'),
});

export const copyrightRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/copyright',
  component: lazyRouteComponent(pages, 'CopyrightPage'),
});

export const tagRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/tag',
  component: lazyRouteComponent(pages, 'TagPage'),
});

export const summaryRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/summary',
  component: lazyRouteComponent(pages, 'SummaryPage'),
});

/** Administration: the page itself tells a non-administrator it is not for them (the hub refuses them too). */
export const manageRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/manage',
  component: lazyRouteComponent(() => import('../features/manage/manage-page'), 'ManagePage'),
});
