// p50/p95 of folder listing and text search through the hub API, sequential requests: the page the
// web shows first, and its total, which the web asks for beside it (GET /api/assets/total).
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD, percentile } from './hub-client.mjs';
import { providerCall, serviceLogin } from './workflow.mjs';

/**
 * The provider call a listing page rests on, made directly with mario.rossi's own provider token:
 * content/findByProperties as the hub sends it for page 1 (two pages of 50 asked at once, each hit
 * with its tags, metadata, folders and source), without the hub.
 */
async function directPage(providerUrl, archiveId) {
  const token = await serviceLogin(providerUrl, 'mario.rossi', DEMO_PASSWORD);
  const body = (offset) => ({
    client: { clientId: 'paddock' },
    criteria: { locale: 'IT', linkedCategoryOp: { linkedCategoryIds: [archiveId], cascade: false } },
    contentFieldOption: {
      returnTotalResults: false,
      returnThumbnailUrl: true,
      returnSource: true,
      returnItags: true,
      returnImetadata: true,
      returnLinkedCategories: true,
    },
    divArea: '340x340',
    locale: 'IT',
    numberOfresults: 50,
    offset,
    orderBy: 'creationDate_D',
  });
  const path = '/xcontents/resources/content/findByProperties';
  return async () => {
    const pages = await Promise.all(
      [0, 50].map((offset) => providerCall(providerUrl, token, path, body(offset))),
    );
    return { items: pages.flatMap((p) => p.contents) };
  };
}

async function timed(client, path, n) {
  return timedCall(() => client.get(path), n);
}

async function timedCall(call, n) {
  await call(); // warm-up: plan cache, connection pool
  const ms = [];
  let body;
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    body = await call();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), n, body };
}

/** The cursor of the page that starts `position` items in, walked to page by page as the web scrolls. */
async function cursorAt(client, path, position) {
  let cursor;
  for (let read = 0; read < position; read += 100) {
    const page = await client.get(cursor ? `${path}&cursor=${cursor}` : path);
    if (!page.next) throw new Error(`${path} ends before ${position}`);
    cursor = page.next;
  }
  return cursor;
}

export async function benchSearch(client, { archiveId, rareWord, commonWord, providerUrl, n = 50 }) {
  const rows = [];
  const page = async (label, path) => {
    const { body, ...t } = await timed(client, path, n);
    rows.push({ label, path, kind: 'page', items: body.items.length, ...t });
  };
  const total = async (label, path) => {
    const { body, ...t } = await timed(client, path, n);
    rows.push({
      label,
      path,
      kind: 'total',
      totalResults: body.totalResults,
      totalIsCapped: body.totalIsCapped,
      ...t,
    });
  };
  const folder = `/api/assets?folderId=${archiveId}&limit=100`;
  await page('folder listing, page 1', folder);
  // Side by side: the same page straight from the provider, one round trip as the hub now makes it.
  const { body: direct, ...baseline } = await timedCall(await directPage(providerUrl, archiveId), n);
  if (direct.items.length !== rows[0].items)
    throw new Error('the direct provider page differs from the hub page');
  rows[0].baseline = baseline;
  const deep = await cursorAt(client, folder, 5000);
  await page('folder listing, page 51 (item 5000) by cursor', `${folder}&cursor=${deep}`);
  await page('folder listing, page 51 (item 5000) by offset', `${folder}&offset=5000`);
  // By name the web follows the cursor too: the provider's content/search token, an anchor in the names' index.
  const byName = `${folder}&sort=name&order=asc`;
  await page('folder listing by name, page 1', byName);
  const deepByName = await cursorAt(client, byName, 5000);
  await page('folder listing by name, page 51 (item 5000) by cursor', `${byName}&cursor=${deepByName}`);
  await page('folder listing by name, page 51 (item 5000) by offset', `${byName}&offset=5000`);
  await total('folder listing, total', `/api/assets/total?folderId=${archiveId}`);
  await page(
    `text search, rare word "${rareWord}", page 1`,
    `/api/assets?q=${rareWord}&subfolders=true&limit=100`,
  );
  await total(
    `text search, rare word "${rareWord}", total`,
    `/api/assets/total?q=${rareWord}&subfolders=true`,
  );
  await page(
    `text search, common word "${commonWord}", page 1`,
    `/api/assets?q=${commonWord}&subfolders=true&limit=100`,
  );
  await total(
    `text search, common word "${commonWord}", total`,
    `/api/assets/total?q=${commonWord}&subfolders=true`,
  );
  return rows;
}
