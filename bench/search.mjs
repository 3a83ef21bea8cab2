// p50/p95 of folder listing and text search through the hub API, sequential requests.
import { performance } from 'node:perf_hooks';
import { percentile } from './hub-client.mjs';

async function timed(client, path, n) {
  await client.get(path); // warm-up: plan cache, connection pool
  const ms = [];
  let total = 0;
  let capped = false;
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    const body = await client.get(path);
    ms.push(performance.now() - t0);
    total = body.totalResults;
    capped = body.totalIsCapped === true;
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), n, totalResults: total, totalIsCapped: capped };
}

export async function benchSearch(client, { archiveId, rareWord, commonWord, n = 50 }) {
  const rows = [];
  const add = async (label, path) => rows.push({ label, path, ...(await timed(client, path, n)) });
  await add('folder listing, page 1', `/api/assets?folderId=${archiveId}&limit=100`);
  await add(
    'folder listing, deep page (offset 5000)',
    `/api/assets?folderId=${archiveId}&limit=100&offset=5000`,
  );
  await add(`text search, rare word "${rareWord}"`, `/api/assets?q=${rareWord}&subfolders=true`);
  await add(`text search, common word "${commonWord}"`, `/api/assets?q=${commonWord}&subfolders=true`);
  return rows;
}
