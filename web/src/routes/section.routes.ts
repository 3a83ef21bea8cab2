import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
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

/** Administration is for admins; the hub refuses others anyway, this only keeps them on known ground. */
export const manageRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/manage',
  beforeLoad: ({ context }) => {
    if (!context.session.roles.includes('admin')) throw redirect({ to: '/home', replace: true });
  },
  component: lazyRouteComponent(pages, 'ManagePage'),
});
