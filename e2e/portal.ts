import { test as base } from '@playwright/test';
import { e2ePortal, type E2ePortal } from '../playwright.config';

/**
 * Playwright's `test`, pointed at the worker's own portal (playwright.config.ts): two workers
 * never share a portal, so each portal sees its specs one at a time.
 */
export const test = base.extend<object, { portal: E2ePortal }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  portal: [async ({}, use, workerInfo) => use(e2ePortal(workerInfo.parallelIndex)), { scope: 'worker' }],
  baseURL: async ({ portal }, use) => use(portal.url),
});
