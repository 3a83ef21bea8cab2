import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import type { FolderNode } from '@paddock/rules';
import pg from 'pg';
import { insertContents } from '../bench/seed-sql.mjs';
import {
  LISTING_SCROLLER,
  TEXTS,
  csrfToken,
  e2eDatabaseUrl,
  keepScreenshot,
  scrollListingTo,
  signIn,
} from './support';

const t = TEXTS.en;
const COUNT = 10_000;
/** Far above what a screen of tiles needs (about 60 with overscan), far below the 10,000 loaded. */
const MAX_CARDS = 300;
/** Listed newest first: the oldest seeded asset is the very last one. */
const LAST_NAME = 'Large folder asset 00001.jpg';

/** Inserts COUNT contents into the folder straight into the provider's schema (uploads would take hours). */
async function seed(db: pg.Client, folderId: string): Promise<void> {
  await db.query('BEGIN');
  await db.query(`CREATE TEMP TABLE large_seed ON COMMIT DROP AS
    SELECT g, gen_random_uuid() AS id, 'jpg' AS ext,
      'Large folder asset ' || lpad(g::text, 5, '0') AS name,
      'Large folder asset ' || lpad(g::text, 5, '0') AS name_it,
      '${folderId}'::uuid AS folder, timestamptz '2025-01-01' + make_interval(mins => g) AS created
    FROM generate_series(1, ${COUNT}) g`);
  await insertContents(db, 'large_seed');
  await db.query('COMMIT');
}

/** Removes the folder's contents and the folder itself, so later specs never meet them. */
async function removeSeed(db: pg.Client, folderId: string): Promise<void> {
  await db.query(
    `DELETE FROM provider.content WHERE id IN
      (SELECT content_id FROM provider.content_category WHERE category_id = $1)`,
    [folderId],
  );
}

async function departmentArchiveId(page: Page): Promise<string> {
  const tree = (await (await page.request.get('/api/folders/tree?lang=en')).json()) as {
    roots: FolderNode[];
  };
  const find = (nodes: FolderNode[]): FolderNode | undefined =>
    nodes
      .map((node) => (node.prettyId === 'arch04-marketing' ? node : find(node.children ?? [])))
      .find(Boolean);
  const archive = find(tree.roots);
  expect(archive, 'the Marketing department archive is in the tree').toBeDefined();
  return archive!.id;
}

/** Counts the asset cards in the page after every change, keeping the largest number seen. */
async function watchCards(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    const box = document.querySelector(selector)!;
    const w = window as unknown as { maxCards: number };
    w.maxCards = 0;
    const count = () => {
      w.maxCards = Math.max(w.maxCards, box.querySelectorAll('[role="option"]').length);
    };
    new MutationObserver(count).observe(box, { childList: true, subtree: true });
    count();
  }, LISTING_SCROLLER);
}

const maxCards = (page: Page) => page.evaluate(() => (window as unknown as { maxCards: number }).maxCards);

/** A grey pixel: the seeded rows have no derivatives, and thumbnails are not what this test proves. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWOYs3g9AAPNAe84AT9bAAAAAElFTkSuQmCC',
  'base64',
);

test.describe('a folder of 10,000 assets', () => {
  let db: pg.Client;
  let folderId: string | undefined;

  test.beforeAll(async () => {
    db = new pg.Client({ connectionString: e2eDatabaseUrl() });
    await db.connect();
  });

  test.afterAll(async () => {
    // Also after a failure half-way, so the seeded rows never reach the specs that run next.
    if (folderId) {
      await removeSeed(db, folderId);
      await db.query('DELETE FROM provider.category WHERE id = $1', [folderId]);
    }
    await db.end();
  });

  test('scrolls to the very end with a bounded number of cards in the page, in grid and list', async ({
    page,
  }) => {
    // 10,000 assets arrive 100 at a time: a hundred pages, however fast the machine.
    test.setTimeout(180_000);
    // Tiles ask for 10,000 thumbnails on the way; answered here, they never queue ahead of the pages.
    await page.route(/\/api\/assets\/[^/]+\/thumbnail/, (route) =>
      route.fulfill({ contentType: 'image/png', body: PIXEL }),
    );
    await signIn(page, 'mario.rossi', 'en');
    const csrf = await csrfToken(page);
    const created = await page.request.post('/api/folders?lang=en', {
      headers: { 'x-csrf-token': csrf },
      data: { parentId: await departmentArchiveId(page), name: `E2E large folder ${Date.now()}` },
    });
    expect(created.status()).toBe(201);
    folderId = ((await created.json()) as FolderNode).id;
    await seed(db, folderId);

    await page.goto(`/home?folder=${folderId}`);
    // The count may be shown capped at 10,000 ("10,000+"): either form says all of them are there.
    await expect(page.getByText(/^Results: 10[,.\s]?000\+?$/)).toBeVisible();
    await expect(page.getByRole('tab', { name: t.home.archive.tabs.department })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('option', { name: 'Large folder asset 10000.jpg' })).toBeVisible();
    await watchCards(page);

    // The grid through its first 2,000 assets (twenty pages), then the list from there to the end.
    await scrollListingTo(page, 2_000);
    await expect(page.getByRole('option', { name: 'Large folder asset 08000.jpg' })).toBeInViewport();
    await keepScreenshot(page, 'large-folder-grid-en');

    await page.getByRole('button', { name: t.assets.viewMode.list }).click();
    await expect(page.getByRole('button', { name: t.assets.viewMode.list })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await scrollListingTo(page, COUNT - 1);
    await expect(page.getByRole('option', { name: LAST_NAME })).toBeInViewport();
    await keepScreenshot(page, 'large-folder-end-en');

    const most = await maxCards(page);
    console.log(`most asset cards in the page at once: ${most} of ${COUNT}`);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(MAX_CARDS);

    // By name A→Z the pages follow the provider's own token (issue 26): 25 of them, in the names' order.
    const byName = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return (
        url.pathname === '/api/assets' &&
        url.searchParams.get('sort') === 'name' &&
        url.searchParams.has('cursor')
      );
    });
    await page.goto(`/home?folder=${folderId}&sort=name&order=asc`);
    await expect(page.getByRole('option', { name: 'Large folder asset 00001.jpg' })).toBeVisible();
    await scrollListingTo(page, 2_500);
    expect((await byName).status()).toBe(200);
    await expect(page.getByRole('option', { name: 'Large folder asset 02501.jpg' })).toBeInViewport();

    // Back to the grid, so mario's saved view is as the other specs expect it.
    await page.getByRole('button', { name: t.assets.viewMode.grid }).click();
    await expect(page.getByRole('button', { name: t.assets.viewMode.grid })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await removeSeed(db, folderId);
    const removed = await page.request.delete(`/api/folders/${folderId}`, {
      headers: { 'x-csrf-token': csrf },
    });
    expect(removed.status()).toBe(204);
    folderId = undefined;
  });
});
