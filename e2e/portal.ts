import { type BrowserContext, expect, type Page, test as base } from '@playwright/test';
import { e2ePortal, type E2ePortal } from '../playwright.config';
import { MISSING_TEXT } from '../web/src/i18n/catalogue-split';

/**
 * Collects what the web's text guard reports in `context`'s pages (web/src/i18n/i18n.ts): a text
 * asked for before its part of the catalogue arrived, or one no catalogue has. `expectNone` fails
 * the test when any was, naming them.
 */
export function watchMissingTexts(context: BrowserContext): { expectNone(): void } {
  const reports: string[] = [];
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith(MISSING_TEXT)) reports.push(message.text());
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return { expectNone: () => expect(reports, 'texts the web asked for and did not have').toEqual([]) };
}

/**
 * Playwright's `test`, pointed at the worker's own portal (playwright.config.ts): two workers
 * never share a portal, so each portal sees its specs one at a time.
 */
export const test = base.extend<object, { portal: E2ePortal }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  portal: [async ({}, use, workerInfo) => use(e2ePortal(workerInfo.parallelIndex)), { scope: 'worker' }],
  baseURL: async ({ portal }, use) => use(portal.url),
  // No raw key on screen in any test: the texts outside the first screens load after it.
  context: async ({ context }, use) => {
    const missing = watchMissingTexts(context);
    await use(context);
    missing.expectNone();
  },
});
