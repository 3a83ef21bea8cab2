import { ARCHIVE_SUB_STATES, VIEWS } from '@paddock/rules';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { listingSearchSchema } from '../features/assets/listing-search';
import { authenticatedRoute } from './authenticated.route';

const homeSearch = listingSearchSchema.extend({
  // An unknown view in the address falls back to the default view instead of failing the page.
  view: z.enum(VIEWS).optional().catch(undefined),
  // The Archives view's sub-state tab (SPEC §2); the selected folder's own sub-state wins over it.
  archive: z.enum(ARCHIVE_SUB_STATES).optional().catch(undefined),
  // The folder being browsed and the asset open in the detail modal survive a reload.
  folder: z.string().min(1).optional().catch(undefined),
  asset: z.string().min(1).optional().catch(undefined),
});

export const homeRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/home',
  validateSearch: homeSearch,
  component: lazyRouteComponent(() => import('../features/home/home-page'), 'HomePage'),
});
