import { expect, test, type Page } from '@playwright/test';
import type { FolderNode } from '@paddock/rules';
import pg from 'pg';
import { insertContents } from '../bench/seed-sql.mjs';
import { TEXTS, csrfToken, e2eDatabaseUrl, keepScreenshot, signIn } from './support';

const t = TEXTS.en;
const COUNT = 10_000;
/** Far above what a screen of tiles needs (about 60 with overscan), far below the 10,000 loaded. */
const MAX_CARDS = 300;
/** Listed newest first: the oldest seeded asset is the very last one. */
const LAST_NAME = 'Large folder asset 00001.jpg';
const SCROLLER = '[data-testid="asset-scroll"]';

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
  }, SCROLLER);
}

const maxCards = (page: Page) => page.evaluate(() => (window as unknown as { maxCards: number }).maxCards);

interface FrameStats {
  frames: number;
  median: number;
  p95: number;
  over50: number;
  seconds: number;
}

/**
 * Scrolls the grid at a steady 100 px per frame until the row of asset `untilIndex` is at the top,
 * recording the gap between animation frames (pages load on the way, as a user scrolling meets them).
 */
async function scriptedScroll(page: Page, untilIndex: number): Promise<FrameStats> {
  return page.evaluate(
    ({ selector, untilIndex }) =>
      new Promise<FrameStats>((resolve, reject) => {
        const box = document.querySelector<HTMLElement>(selector)!;
        const gaps: number[] = [];
        const started = performance.now();
        let last = started;
        const tick = (now: number) => {
          gaps.push(now - last);
          last = now;
          const target = box.querySelector(`[data-index-item="${untilIndex}"]`);
          if (target && target.getBoundingClientRect().top <= box.getBoundingClientRect().top + 1) {
            const sorted = [...gaps.slice(1)].sort((a, b) => a - b);
            resolve({
              frames: sorted.length,
              median: sorted[Math.floor(sorted.length / 2)] ?? 0,
              p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
              over50: sorted.filter((gap) => gap > 50).length,
              seconds: (now - started) / 1000,
            });
            return;
          }
          if (now - started > 90_000) {
            reject(new Error(`asset ${untilIndex} not reached in 90 s (scrollTop ${box.scrollTop})`));
            return;
          }
          box.scrollTop += 100;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { selector: SCROLLER, untilIndex },
  );
}

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

  test('scrolls to the very end smoothly with a bounded number of cards in the page, in grid and list', async ({
    page,
  }) => {
    test.setTimeout(240_000);
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

    const grid = await scriptedScroll(page, 2_000);
    console.log(
      `grid scroll to asset 2,000: ${grid.frames} frames in ${grid.seconds.toFixed(1)} s, median gap ` +
        `${grid.median.toFixed(1)} ms, p95 ${grid.p95.toFixed(1)} ms, ${grid.over50} frames over 50 ms`,
    );
    expect(grid.median).toBeLessThan(50);
    await expect(page.getByRole('option', { name: 'Large folder asset 08000.jpg' })).toBeVisible();
    await keepScreenshot(page, 'large-folder-grid-en');

    await page.getByRole('button', { name: t.assets.viewMode.list }).click();
    await expect(page.getByRole('button', { name: t.assets.viewMode.list })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The list keeps the scroll offset, so it shows other rows: scroll 1,000 assets on from there.
    const from = await page.evaluate(
      (selector) =>
        Number(
          document
            .querySelector(selector)!
            .querySelector('[data-index-item]')!
            .getAttribute('data-index-item'),
        ),
      SCROLLER,
    );
    const list = await scriptedScroll(page, from + 1_000);
    console.log(
      `list scroll over 1,000 assets: ${list.frames} frames, median gap ${list.median.toFixed(1)} ms, ` +
        `${list.over50} frames over 50 ms`,
    );
    expect(list.median).toBeLessThan(50);
    await keepScreenshot(page, 'large-folder-list-en');

    // To the very end: keep the scroller at the bottom while the next pages load.
    await page.waitForFunction(
      ({ selector, name }) => {
        const box = document.querySelector<HTMLElement>(selector)!;
        box.scrollTop = box.scrollHeight;
        return Boolean(box.querySelector(`[role="option"][aria-label="${name}"]`));
      },
      { selector: SCROLLER, name: LAST_NAME },
      { polling: 100, timeout: 150_000 },
    );
    await expect(page.getByRole('option', { name: LAST_NAME })).toBeInViewport();
    await keepScreenshot(page, 'large-folder-end-en');

    const most = await maxCards(page);
    console.log(`most asset cards in the page at once: ${most} of ${COUNT}`);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(MAX_CARDS);

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
