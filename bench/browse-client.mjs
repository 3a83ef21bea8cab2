// The browsing people of `npm run bench -- --load` (issue 26 point 1), run as its own process so it
// does not share the hub's event loop. Each person has a session of their own and, until the run
// ends, repeats what the archive page makes a browser do: a page of the Marketing archive (the next
// one by its cursor, back to the first after five) or, every third time, a search for a word; the
// total beside it; the thumbnails of the page not seen yet (a browser keeps them: their address
// carries the version), six at a time; one asset's detail; then a pause to look, 2 to 4 s.
// argv: baseUrls (comma-separated, the people dealt to them in turn), sessions (JSON: headers of
// each), archive id, word, seconds, and the seconds over which the people arrive. Prints one JSON
// line: per call, the count, p50, p95, p99.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

const [baseUrls, sessionsJson, archiveId, word, seconds, arrivalSeconds] = process.argv.slice(2);
const sessions = JSON.parse(sessionsJson);
const origins = baseUrls.split(',');
const pools = origins.map((origin) => new Pool(origin, { connections: 64, pipelining: 1 }));
const PAGES = 5;
const THUMBS_AT_ONCE = 6;
const THUMBS_A_PAGE = 12;

const timings = { listing: [], search: [], total: [], thumbnail: [], detail: [] };
/** Also reported apart: the calls started once the first SETTLED_SECONDS are over (every cache cold before). */
const SETTLED_SECONDS = 10;
const settled = { listing: [], search: [], total: [], thumbnail: [], detail: [] };
const statuses = {};
let errors = 0;
const started = performance.now();
const deadline = started + Number(seconds) * 1000;

async function call(pool, headers, kind, path) {
  const t0 = performance.now();
  try {
    const res = await pool.request({ path, method: 'GET', headers });
    const body = kind === 'thumbnail' ? (await res.body.arrayBuffer(), null) : await res.body.json();
    timings[kind].push(performance.now() - t0);
    if (t0 - started >= SETTLED_SECONDS * 1000) settled[kind].push(performance.now() - t0);
    if (res.statusCode !== 200) {
      errors += 1;
      statuses[`${kind} ${res.statusCode}`] = (statuses[`${kind} ${res.statusCode}`] ?? 0) + 1;
    }
    return body;
  } catch (error) {
    errors += 1;
    statuses[`${kind} ${error.code ?? 'error'}`] = (statuses[`${kind} ${error.code ?? 'error'}`] ?? 0) + 1;
    return null;
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function person(index) {
  const pool = pools[index % pools.length];
  const headers = sessions[index % sessions.length];
  const seen = new Set();
  const folder = `/api/assets?folderId=${archiveId}&limit=50`;
  let cursor;
  let page = 0;
  // Not all at once: each arrives at a random moment of the arrival.
  await pause(Math.random() * Number(arrivalSeconds) * 1000);
  for (let round = 0; performance.now() < deadline; round++) {
    const searching = round % 3 === 2;
    const query = searching ? `${folder}&q=${word}` : cursor ? `${folder}&cursor=${cursor}` : folder;
    const [list] = await Promise.all([
      call(pool, headers, searching ? 'search' : 'listing', query),
      call(pool, headers, 'total', `/api/assets/total?folderId=${archiveId}${searching ? `&q=${word}` : ''}`),
    ]);
    const items = list?.items ?? [];
    if (!searching) {
      page = list?.next && page < PAGES - 1 ? page + 1 : 0;
      cursor = page ? list.next : undefined;
    }
    const thumbs = items
      .slice(0, THUMBS_A_PAGE)
      .map((item) => item.thumbnailUrl)
      .filter((url) => !seen.has(url));
    for (let i = 0; i < thumbs.length; i += THUMBS_AT_ONCE)
      await Promise.all(
        thumbs.slice(i, i + THUMBS_AT_ONCE).map((url) => {
          seen.add(url);
          return call(pool, headers, 'thumbnail', url);
        }),
      );
    if (items.length)
      await call(
        pool,
        headers,
        'detail',
        `/api/assets/${items[Math.floor(Math.random() * items.length)].id}`,
      );
    await pause(2000 + Math.random() * 2000);
  }
}

await Promise.all(sessions.map((_, i) => person(i)));
await Promise.all(pools.map((pool) => pool.close()));
const at = (ms, p) => ms[Math.min(ms.length - 1, Math.max(0, Math.ceil((p / 100) * ms.length) - 1))] ?? 0;
const figuresOf = (all) =>
  Object.fromEntries(
    Object.entries(all).map(([kind, ms]) => {
      ms.sort((a, b) => a - b);
      return [kind, { count: ms.length, p50: at(ms, 50), p95: at(ms, 95), p99: at(ms, 99) }];
    }),
  );
console.log(
  JSON.stringify({
    calls: figuresOf(timings),
    settled: figuresOf(settled),
    settledAfter: SETTLED_SECONDS,
    errors,
    statuses,
    seconds: Number(seconds),
    arrivalSeconds: Number(arrivalSeconds),
  }),
);
