// The load generator of `npm run bench -- --load`, run as its own process so it does not share the
// hub's event loop: CONNECTIONS clients in a closed loop (each sends its next request when its last
// answer is read) over undici, cycling through PATHS; prints one JSON line of figures.
// argv: baseUrls (comma-separated: the clients are dealt to them in turn, as a proxy would spread
// connections over api processes), headers (JSON), paths (JSON), connections, warm-up seconds,
// measured seconds.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

const [baseUrls, headersJson, pathsJson, connections, warmup, seconds] = process.argv.slice(2);
const headers = JSON.parse(headersJson);
const paths = JSON.parse(pathsJson);
const origins = baseUrls.split(',');
const pools = origins.map(
  (origin) =>
    new Pool(origin, { connections: Math.ceil(Number(connections) / origins.length), pipelining: 1 }),
);

let measuring = false;
let stopping = false;
const ms = [];
let errors = 0;
const statuses = {};

async function client(offset) {
  const pool = pools[offset % pools.length];
  for (let i = offset; !stopping; i += 1) {
    const t0 = performance.now();
    let ok = false;
    try {
      const res = await pool.request({ path: paths[i % paths.length], method: 'GET', headers });
      await res.body.text();
      ok = res.statusCode === 200;
      if (!ok) statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    } catch (error) {
      statuses[error.code ?? 'error'] = (statuses[error.code ?? 'error'] ?? 0) + 1;
    }
    if (!measuring) continue;
    ms.push(performance.now() - t0);
    if (!ok) errors += 1;
  }
}

const sleep = (s) => new Promise((resolve) => setTimeout(resolve, s * 1000));
const loops = Array.from({ length: Number(connections) }, (_, i) => client(i));
await sleep(Number(warmup));
measuring = true;
const t0 = performance.now();
await sleep(Number(seconds));
measuring = false;
const elapsed = (performance.now() - t0) / 1000;
stopping = true;
await Promise.all(loops);
await Promise.all(pools.map((pool) => pool.close()));
ms.sort((a, b) => a - b);
const at = (p) => ms[Math.min(ms.length - 1, Math.max(0, Math.ceil((p / 100) * ms.length) - 1))] ?? 0;
console.log(
  JSON.stringify({
    requests: ms.length,
    perSecond: ms.length / elapsed,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    errors,
    statuses,
  }),
);
