// p50/p95 of folder listing and text search through the hub API, sequential requests: the page the
// web shows first, and its total, which the web asks for beside it (GET /api/assets/total).
import { performance } from 'node:perf_hooks';
import { percentile } from './hub-client.mjs';

async function timed(client, path, n) {
  await client.get(path); // warm-up: plan cache, connection pool
  const ms = [];
  let body;
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    body = await client.get(path);
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

export async function benchSearch(client, { archiveId, rareWord, commonWord, n = 50 }) {
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
  const deep = await cursorAt(client, folder, 5000);
  await page('folder listing, page 51 (item 5000) by cursor', `${folder}&cursor=${deep}`);
  await page('folder listing, page 51 (item 5000) by offset', `${folder}&offset=5000`);
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
