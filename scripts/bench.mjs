// `npm run bench [-- --skip-gib | --workflow-only | --enrichment-only | --search-only | --zip-only | --sharing-only | --load]`: builds the server, seeds a dedicated database
// `paddock_bench` (demo organisation + 100,000 contents by SQL), starts the hub on a free port and
// measures, each figure beside its raw baseline from the same run: listing/search latency through
// the hub API, derivative thumbnails vs raw sharp, ZIP download vs disk read, the hub's RSS while a
// 1 GiB file goes up through tus and back down, and a workflow bulk accept as a job vs the same
// provider calls made directly, and a bulk tag of 200 assets likewise (--enrichment-only runs only
// that one and replaces its rows). Prints a table and writes docs/benchmarks.md. --workflow-only
// skips the catalogue and every other part, and replaces only the workflow rows of the document;
// --search-only seeds the catalogue, runs only listing and search, and replaces only their rows
// (and the catalogue's description, whose size BENCH_ASSETS may have changed). --zip-only skips the
// catalogue and every other part, runs only the ZIP download, and replaces only its row and paragraph.
// --media-only skips the catalogue and runs what a user waits for with files: the ZIP download (with its breakdown),
// the thumbnail after a 24 MP upload and the 1 GiB tus upload beside a raw PUT; it replaces only their rows and paragraphs.
// --sharing-only runs only the external share of 500 assets and its recipient page, and replaces their rows.
// --jobs-only runs every bulk job (external share of 500, accept, bulk tag and enrichment of 200) in one
// run and replaces their rows; each ratio is the job's wall time over its provider calls made directly.
// --load seeds the catalogue and runs only the closed-loop load (bench/load.mjs) with the provider
// in-process, then over HTTP, and replaces their rows; BENCH_CPU_PROF=<dir> profiles one part (startProfile).
// --duplicates-only times the near-duplicate search at 100,000 and 1,000,000 fingerprints (bench/duplicate-search.mjs)
// without the hub, and replaces its section.
// --plates-only runs the plate detector on generated scenes (bench/plates.mjs, no database, no hub) and
// replaces its section.
// BENCH_DATABASE and BENCH_DOC rename the database and the document, so two runs can share a machine.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { build, generatePrismaClients, root } from './lib.mjs';
import { fmt, MB, signIn } from '../bench/hub-client.mjs';
import { COMMON_WORD, RARE_WORD, seedAssets } from '../bench/seed-assets.mjs';
import { benchSearch } from '../bench/search.mjs';
import { benchThumbnails } from '../bench/thumbnails.mjs';
import {
  THUMBNAIL_LATENCY_METHOD,
  benchThumbnailLatency,
  thumbnailLatencyRow,
} from '../bench/thumbnail-latency.mjs';
import { RAW_PUT, TUS_UPLOAD, benchGibUpload, tusUpload } from '../bench/upload-memory.mjs';
import { ENRICHMENT_METHOD, benchEnrichment, enrichmentRows } from '../bench/enrichment.mjs';
import { WORKFLOW_METHOD, benchWorkflow, workflowRows } from '../bench/workflow.mjs';
import { SHARING_METHOD, benchSharing, sharingRows } from '../bench/sharing.mjs';
import { benchZip, downloadZip } from '../bench/zip.mjs';
import {
  BROWSING_ARRIVALS,
  BROWSING_METHOD,
  BROWSING_PEOPLE,
  LOAD_CONNECTIONS,
  LOAD_METHOD,
  benchBrowsing,
  benchLoad,
  loadPaths,
} from '../bench/load.mjs';
import {
  DUPLICATE_SEARCH_METHOD,
  benchDuplicateSearch,
  duplicateSearchRows,
} from '../bench/duplicate-search.mjs';
import { PLATES_METHOD, benchPlates, platesRows } from '../bench/plates.mjs';

const LISTING_METHOD = `- **Listing and search**: sequential requests through the hub API signed in as mario.rossi (session
  cookie), after one warm-up request: \`GET /api/assets?folderId=<Marketing department archive>&limit=100\`
  (page 1; page 51, at item 5000, by the cursor the web follows — walked to page by page first — and by
  offset), \`GET /api/assets?q=${RARE_WORD}&subfolders=true&limit=100\` (a word in about 0.01% of
  the names) and \`q=${COMMON_WORD}\` (a third of the names); each with its total, which the web asks for
  beside the page (\`GET /api/assets/total\` with the same filter, counted up to LIMITS.searchCountCap). The time includes
  the hub → provider hop. Page 1 is measured beside its baseline: the provider call it rests on, made directly
  with mario.rossi's own provider token (\`content/findByProperties\`, two pages of 50 asked at once, each hit
  with its tags, metadata, folders and source), so the ratio is what the hub adds to one page.`;
const skipGib = process.argv.includes('--skip-gib');
const workflowOnly = process.argv.includes('--workflow-only');
const searchOnly = process.argv.includes('--search-only');
const zipOnly = process.argv.includes('--zip-only');
const mediaOnly = process.argv.includes('--media-only');
const enrichmentOnly = process.argv.includes('--enrichment-only');
const sharingOnly = process.argv.includes('--sharing-only');
const jobsOnly = process.argv.includes('--jobs-only');
const loadOnly = process.argv.includes('--load');
const duplicatesOnly = process.argv.includes('--duplicates-only');
const platesOnly = process.argv.includes('--plates-only');
if (
  [
    workflowOnly,
    searchOnly,
    zipOnly,
    mediaOnly,
    enrichmentOnly,
    sharingOnly,
    jobsOnly,
    loadOnly,
    duplicatesOnly,
    platesOnly,
  ].filter(Boolean).length > 1
)
  throw new Error(
    '--workflow-only, --enrichment-only, --search-only, --zip-only, --media-only, --sharing-only, --jobs-only, --load, --duplicates-only and --plates-only exclude each other',
  );
/** Runs that measure only some jobs: no catalogue, no files. */
const someJobsOnly = workflowOnly || enrichmentOnly || sharingOnly || jobsOnly;
const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/paddock');
const dbUrl = new URL(base);
const benchDatabase = process.env.BENCH_DATABASE ?? 'paddock_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(benchDatabase))
  throw new Error(`BENCH_DATABASE must be a plain name, not ${benchDatabase}`);
dbUrl.pathname = `/${benchDatabase}`;
const defaultDoc = join(root, 'docs/benchmarks.md');
// resolve, not join: an absolute BENCH_DOC (e.g. /tmp/…) stays outside the repository.
const benchDoc = resolve(root, process.env.BENCH_DOC ?? 'docs/benchmarks.md');
const adminUrl = new URL(base);
adminUrl.pathname = '/postgres';

const cpuModel = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
const machine = `${cpus().length} cores (${cpuModel}), ${fmt(totalmem() / 1024 ** 3)} GiB RAM, Node ${process.version}, ${process.platform} ${process.arch}`;
const step = (s) => console.log(`\n▶ ${s}`);
// Declared before the parts run: they log their rows as soon as they are measured.
const asRow = (cells) => `| ${cells.join(' | ')} |`;
/** A part's rows as soon as it is measured, with the load average: a later part's failure keeps them. */
const logRows = (rows) =>
  console.log(
    `${rows.map((r) => `  ${r.join(' | ')}`).join('\n')}\n  load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

step('Build');
generatePrismaClients();
build({ web: false });

const PLATES_HEADING = '## Plate detection (`--plates-only`, issue 28)';
/** The plate detector on generated scenes, its section written (only with --plates-only). */
async function platesSection() {
  step('Plate detection on generated scenes');
  // swc's CommonJS output hides its named exports from Node's ESM loader: they are on `default`.
  const { OpenCvPlateDetector } = (await import('../server/dist/plates/opencv-plate-detector.js')).default;
  const detector = new OpenCvPlateDetector({
    PLATE_CASCADE_PATH: '/usr/share/opencv4/haarcascades/haarcascade_russian_plate_number.xml',
  });
  const rows = platesRows(await benchPlates(detector));
  logRows(rows);
  replaceSection(
    benchDoc,
    PLATES_HEADING,
    `Measured on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; machine: ${machine}.\n\n| measure | result | detail |\n|---|---|---|\n${rows.map(asRow).join('\n')}\n\n${PLATES_METHOD}`,
  );
}
if (platesOnly) {
  await platesSection();
  process.exit(0);
}

const port = await freePort();
const blobDir = await mkdtemp(join(tmpdir(), 'paddock-bench-blobs-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: dbUrl.toString(),
  REDIS_PREFIX: `paddock-bench-${process.pid}`,
  // Production mode refuses the published demo secrets; the seed creates the service account with this one.
  PROVIDER_SERVICE_PASSWORD: 'paddock-bench-workflow-secret',
  APP_SECRET: 'paddock-bench-app-secret-of-32-characters',
  BLOB_STORE: 'disk',
  BLOB_DIR: blobDir,
  LOG_LEVEL: 'warn',
  // A free port: the bench does not scrape, and 9464 may be another process's.
  METRICS_PORT: '0',
};

step(`Database ${benchDatabase}: drop, create, migrate, seed the demo organisation`);
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
await admin.end();
for (const script of ['server/dist/cli/migrate.js', 'server/dist/cli/seed.js']) {
  // The demo seed refuses to run in production: it writes published passwords.
  const r = spawnSync(process.execPath, [script], {
    cwd: root,
    env: { ...env, NODE_ENV: 'development' },
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
const DUPLICATE_SEARCH_HEADING = '## Duplicate search (`--duplicates-only`, issue 27)';
/** The near-duplicate search at 100,000 and 1,000,000 fingerprints, its section written. */
async function duplicateSearchSection() {
  step('Near-duplicate search at 100,000 and 1,000,000 fingerprints, beside a full scan');
  const measured = await benchDuplicateSearch(db);
  const lines = duplicateSearchRows(measured).map(asRow);
  logRows(duplicateSearchRows(measured));
  const fill = measured.map((m) => `${m.size.toLocaleString('en')} in ${fmt(m.fillSeconds)} s`).join(', ');
  replaceSection(
    benchDoc,
    DUPLICATE_SEARCH_HEADING,
    `Measured on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; machine: ${machine}; table filled by SQL (${fill}).\n\n| measure | ours | baseline (same run) | ratio |\n|---|---|---|---|\n${lines.join('\n')}\n\n${DUPLICATE_SEARCH_METHOD}`,
  );
}
if (duplicatesOnly) {
  await duplicateSearchSection();
  process.exit(0);
}
let archiveId;
let seedSeconds = 0;
if (!someJobsOnly && !zipOnly && !mediaOnly) {
  step(`Seeding ${ASSETS.toLocaleString('en')} contents by SQL (bypasses the API on purpose)`);
  const t0 = Date.now();
  ({ archiveId } = await seedAssets(db, ASSETS, { blobDir }));
  seedSeconds = (Date.now() - t0) / 1000;
  console.log(`  seeded in ${fmt(seedSeconds)} s`);
}

let hub;
const stopHub = () => hub?.exitCode === null && hub.kill('SIGTERM');
process.on('exit', stopHub);
// BENCH_CPU_PROF=<dir> profiles the hub (bench/cpu-profile.mjs) during one part, BENCH_CPU_PROF_PART: load
// (the default; the first api process), browsing-2 or browsing-20 (the browsing arriving over 2 or 20 s),
// or zip. SIGWINCH starts the profile, the next writes it.
const profiledPart = process.env.BENCH_CPU_PROF ? (process.env.BENCH_CPU_PROF_PART ?? 'load') : undefined;
function startProfile(part) {
  if (part === profiledPart) hub.kill('SIGWINCH');
}
async function writeProfile(part) {
  if (part !== profiledPart) return;
  hub.kill('SIGWINCH');
  await new Promise((resolve) => setTimeout(resolve, 3000));
}
/** Starts the hub with `extraEnv`; BENCH_CPU_PROF (a directory) preloads the profiler of bench/cpu-profile.mjs. */
async function startHub(extraEnv = {}) {
  step(`Starting the hub on port ${port}`);
  const profile = process.env.BENCH_CPU_PROF ? ['--import', join(root, 'bench/cpu-profile.mjs')] : [];
  hub = spawn(process.execPath, [...profile, 'server/dist/main.js'], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = hub;
  await new Promise((resolve, reject) => {
    started.on('exit', (code) => reject(new Error(`the hub exited with ${code}`)));
    createInterface({ input: started.stdout }).on('line', (line) => {
      if (/Paddock \(all\) on/.test(line)) resolve();
      if (/cpu profile written/.test(line)) console.log(`  ${line}`);
    });
  });
}
/** A second api process (PROCESS_ROLE=api) of the same installation beside the hub; resolves to its stopper. */
async function startSecondApi() {
  const apiPort = await freePort();
  step(`Starting a second api process on port ${apiPort}`);
  const api = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: { ...env, PROCESS_ROLE: 'api', PORT: String(apiPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => api.exitCode === null && api.kill('SIGTERM'));
  await new Promise((resolve, reject) => {
    api.on('exit', (code) => reject(new Error(`the second api exited with ${code}`)));
    createInterface({ input: api.stdout }).on('line', (line) => /Paddock \(api\) on/.test(line) && resolve());
  });
  return {
    baseUrl: `http://127.0.0.1:${apiPort}`,
    stop: async () => {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    },
  };
}
/** Stops the hub and waits for its exit. */
async function restartHub(extraEnv) {
  const exited = new Promise((resolve) => hub.once('exit', resolve));
  stopHub();
  await exited;
  await startHub(extraEnv);
}
await startHub();

const results = { date: new Date().toISOString(), seedSeconds };
try {
  if (loadOnly) await benchLoadBothTransports();
  else if (!someJobsOnly) await benchCatalogueAndFiles();
  if (!searchOnly && !zipOnly && !mediaOnly && !workflowOnly && !enrichmentOnly && !loadOnly) {
    step('External share of 500 assets: submit → URL ready, and the recipient page');
    await settleDerivatives();
    results.sharing = await benchSharing(db, { baseUrl: env.PUBLIC_URL, blobDir });
    logRows(sharingRows(results.sharing));
  }
  if (!searchOnly && !zipOnly && !mediaOnly && !enrichmentOnly && !sharingOnly && !loadOnly) {
    step('Workflow: bulk accept of 200 as a job vs the same provider calls made directly');
    results.workflow = await benchWorkflow(db, {
      baseUrl: env.PUBLIC_URL,
      serviceUsername: env.PROVIDER_SERVICE_USERNAME ?? 'paddock.workflow',
      servicePassword: env.PROVIDER_SERVICE_PASSWORD,
    });
    logRows(workflowRows(results.workflow));
  }
  if (!someJobsOnly && !searchOnly && !zipOnly && !mediaOnly && !loadOnly)
    results.duplicates = await benchDuplicateSearch(db);
  if (!searchOnly && !zipOnly && !mediaOnly && !workflowOnly && !sharingOnly && !loadOnly) {
    results.enrichment = [];
    for (const kind of ['bulk tag', 'enrichment']) {
      step(`Enrichment: ${kind} of 200 as a job vs the same provider calls made directly`);
      results.enrichment.push(
        await benchEnrichment(db, {
          baseUrl: env.PUBLIC_URL,
          serviceUsername: env.PROVIDER_SERVICE_USERNAME ?? 'paddock.workflow',
          servicePassword: env.PROVIDER_SERVICE_PASSWORD,
          kind,
        }),
      );
      logRows(enrichmentRows(results.enrichment.at(-1)));
    }
  }
} finally {
  // A hub still writing derivatives would refill the blob directory while it is removed.
  const exited = new Promise((resolve) => (hub.exitCode === null ? hub.once('exit', resolve) : resolve()));
  stopHub();
  await exited;
  await db.end();
  await rm(blobDir, { recursive: true, force: true });
}

/** --load: the same closed-loop load against the in-process transport, then against HTTP. */
async function benchLoadBothTransports() {
  await settleDerivatives();
  const paths = loadPaths(archiveId, COMMON_WORD);
  step(`Load: ${LOAD_CONNECTIONS} clients, provider in-process`);
  const client = await signIn(env.PUBLIC_URL);
  startProfile('load');
  results.load = [{ transport: 'in-process', ...(await benchLoad(client, paths)) }];
  console.log(`  ${JSON.stringify(results.load[0])}`);
  await writeProfile('load');
  // Two api processes on the two cores, as docs/operations.md runs N behind the proxy: the clients
  // are dealt to them in turn (no proxy in between, so its own cost is not in the figure).
  const second = await startSecondApi();
  step(`Load: ${LOAD_CONNECTIONS} clients over two api processes, provider in-process`);
  results.load.push({
    transport: 'in-process',
    apis: 2,
    ...(await benchLoad(client, paths, { baseUrls: [env.PUBLIC_URL, second.baseUrl] })),
  });
  console.log(`  ${JSON.stringify(results.load[1])}`);
  await second.stop();
  results.browsing = [];
  for (const arrivalSeconds of BROWSING_ARRIVALS) {
    // Both processes afresh: the closed loop above (or the run before) kept the same person's pages.
    await restartHub();
    const other = await startSecondApi();
    step(
      `Browsing: ${BROWSING_PEOPLE} people with sessions of their own arriving over ${arrivalSeconds} s, over the two api processes`,
    );
    const run = await benchBrowsing(
      (address) => signIn(env.PUBLIC_URL, undefined, undefined, { 'x-forwarded-for': address }),
      [env.PUBLIC_URL, other.baseUrl],
      archiveId,
      COMMON_WORD,
      { arrivalSeconds, onStart: () => startProfile(`browsing-${arrivalSeconds}`) },
    );
    results.browsing.push(run);
    console.log(`  ${JSON.stringify(run)}`);
    await writeProfile(`browsing-${arrivalSeconds}`);
    await other.stop();
  }
  await restartHub({ PROVIDER_URL: `${env.PUBLIC_URL}/provider` });
  step(`Load: ${LOAD_CONNECTIONS} clients, provider over HTTP (PROVIDER_URL)`);
  results.load.push({ transport: 'HTTP', ...(await benchLoad(await signIn(env.PUBLIC_URL), paths)) });
  console.log(`  ${JSON.stringify(results.load.at(-1))}`);
}

async function benchCatalogueAndFiles() {
  let client = await signIn(env.PUBLIC_URL);
  const tree = await client.get('/api/folders/tree');
  const find = (nodes) => {
    for (const n of nodes) {
      if (n.prettyId === 'arch04-marketing') return n;
      const hit = n.children && find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  const archive = find(tree.roots);
  // --zip-only and --media-only seed no catalogue: the archive is the demo organisation's.
  if (!archive || (!zipOnly && !mediaOnly && archive.id !== archiveId))
    throw new Error('the department archive is not in the folder tree');

  // The demo seed's derivative jobs (ffmpeg, LibreOffice) start with the hub: every timed part waits for them.
  await settleDerivatives();
  if (!zipOnly && !mediaOnly) {
    // Each of these requests repeats the one before: with the listing cache on they would measure it
    // (--load does), not the provider's query, which is what P4 times.
    await restartHub({ LISTING_CACHE: 'false' });
    step('Listing and search through the hub API (mario.rossi), nothing kept between requests');
    results.search = await benchSearch(await signIn(env.PUBLIC_URL), {
      archiveId,
      rareWord: RARE_WORD,
      commonWord: COMMON_WORD,
      providerUrl: `${env.PUBLIC_URL}/provider`,
    });
    if (searchOnly) return;
    await restartHub();
    client = await signIn(env.PUBLIC_URL);

    step('Thumbnails: derivative code path vs raw sharp');
    results.thumbs = await benchThumbnails({ root });
  }

  if (!zipOnly) {
    step("Thumbnail on its card after a 24 MP JPEG's upload");
    results.latency = await benchThumbnailLatency(client, { folderId: archive.id, root });
    logRows([thumbnailLatencyRow(results.latency)]);
  }

  step('ZIP download vs disk read');
  const zipDir = await mkdtemp(join(tmpdir(), 'paddock-bench-zip-'));
  try {
    const files = [];
    for (let i = 0; i < 8; i += 1) {
      const path = join(zipDir, `clip-${i}.bin`);
      await writeFile(path, randomBytes(32 * MB));
      files.push({
        path,
        contentId: await tusUpload(client, path, 32 * MB, `bench-clip-${i}.bin`, archive.id),
      });
    }
    await settleDerivatives(files.map((f) => f.contentId));
    const providerUrl = `${env.PUBLIC_URL}/provider`;
    startProfile('zip');
    results.zip = await benchZip(client, files, { providerUrl });
    await writeProfile('zip');
    logRows([zipRow(results.zip)]);
    // The hop the in-process archive gateway removes: the same ZIP with the provider named by URL.
    await restartHub({ PROVIDER_URL: providerUrl });
    results.zip.overHttp = await benchZip(await signIn(env.PUBLIC_URL), files, { providerUrl });
    await restartHub();
    client = await signIn(env.PUBLIC_URL);
  } finally {
    await rm(zipDir, { recursive: true, force: true });
  }

  if (!skipGib && !zipOnly) {
    step('1 GiB through tus and back: hub RSS');
    results.gib = await benchGibUpload(client, {
      pid: hub.pid,
      folderId: archive.id,
      blobDir,
      zip: results.zip.available ? (ids) => downloadZip(client, ids) : undefined,
    });
  }
}

if (workflowOnly) {
  const workflowLines = workflowRows(results.workflow).map(asRow);
  console.log(`\n${machine}\n${workflowLines.join('\n')}`);
  replaceRows(benchDoc, workflowLines, /^\|\s*workflow/);
  addWorkflowMethod(benchDoc);
  process.exit(0);
}
if (sharingOnly) {
  const sharingLines = sharingRows(results.sharing).map(asRow);
  console.log(`\n${machine}\n${sharingLines.join('\n')}`);
  replaceRows(benchDoc, sharingLines, /^\|\s*external share/);
  addMethod(benchDoc, '- **External share**:', SHARING_METHOD);
  process.exit(0);
}
const enrichmentLines = () => results.enrichment.flatMap(enrichmentRows).map(asRow);
if (enrichmentOnly) {
  console.log(`\n${machine}\n${enrichmentLines().join('\n')}`);
  replaceRows(benchDoc, enrichmentLines(), /^\|\s*(bulk tag|enrichment)/);
  replaceMethod(benchDoc, '- **Bulk tag', ENRICHMENT_METHOD);
  process.exit(0);
}
if (jobsOnly) {
  const lines = [
    ...sharingRows(results.sharing),
    ...workflowRows(results.workflow),
    ...results.enrichment.flatMap(enrichmentRows),
  ].map(asRow);
  const load = loadavg().map((l) => fmt(l, 1));
  console.log(`\n${machine}; load average at the end ${load.join(', ')}\n${lines.join('\n')}`);
  replaceRows(benchDoc, lines, /^\|\s*(external share|workflow|bulk tag|enrichment)/);
  replaceMethod(benchDoc, '- **Workflow**:', WORKFLOW_METHOD);
  replaceMethod(benchDoc, '- **Bulk tag', ENRICHMENT_METHOD);
  process.exit(0);
}
if (loadOnly) {
  const loadLines = [...loadRows(results.load), ...results.browsing.flatMap(browsingRows)].map(asRow);
  console.log(`\n${machine}\n${loadLines.join('\n')}`);
  replaceSection(
    benchDoc,
    '## Load (`--load`)',
    `Measured on ${results.date.slice(0, 16).replace('T', ' ')} UTC; machine: ${machine}.\n\n| measure | ours | baseline (same run) | ratio / goal |\n|---|---|---|---|\n${loadLines.join('\n')}\n\n${LOAD_METHOD}\n${BROWSING_METHOD}`,
  );
  process.exit(0);
}
if (mediaOnly) {
  const load = loadavg().map((l) => fmt(l, 1));
  const mediaLines = [thumbnailLatencyRow(results.latency), ...gibRows(results.gib)].map(asRow);
  console.log(
    `\n${machine}; load average at the end ${load.join(', ')}\n${[asRow(zipRow(results.zip)), ...mediaLines].join('\n')}`,
  );
  replaceRows(benchDoc, [asRow(zipRow(results.zip))], /^\|\s*ZIP download/);
  replaceRows(benchDoc, mediaLines, /^\|\s*(thumbnail on its card|1 GiB)/);
  replaceMethod(benchDoc, '- **ZIP**:', zipMethod(results.zip));
  addMethod(benchDoc, '- **Thumbnail after an upload**:', THUMBNAIL_LATENCY_METHOD);
  process.exit(0);
}
if (zipOnly) {
  const zipLine = asRow(zipRow(results.zip));
  console.log(`\n${machine}\n${zipLine}`);
  replaceRows(benchDoc, [zipLine], /^\|\s*ZIP download/);
  replaceMethod(benchDoc, '- **ZIP**:', zipMethod(results.zip));
  process.exit(0);
}
const searchLines = results.search.map((s) =>
  asRow([
    s.kind === 'total'
      ? `${s.label} (${s.n} req., ${s.totalResults.toLocaleString('en')}${s.totalIsCapped ? '+' : ''} hits)`
      : `${s.label} (${s.n} req., ${s.items} items)`,
    `p50 ${fmt(s.p50)} ms, p95 ${fmt(s.p95)} ms`,
    s.baseline
      ? `direct provider findByProperties (2 x 50 at once, with details): p50 ${fmt(s.baseline.p50)} ms, p95 ${fmt(s.baseline.p95)} ms`
      : '-',
    s.kind === 'total'
      ? 'counting <= 50 ms (P4)'
      : `${s.baseline ? `${fmt(s.p50 / s.baseline.p50, 2)}x at p50; ` : ''}p95 <= 50 ms (P4)`,
  ]),
);
if (searchOnly) {
  console.log(`\n${machine}\n${searchLines.join('\n')}`);
  replaceRows(benchDoc, searchLines, /^\|\s*(folder listing|text search)/);
  replaceMethod(benchDoc, '- **Catalogue**:', catalogueMethod());
  replaceMethod(benchDoc, '- **Listing and search**:', LISTING_METHOD);
  process.exit(0);
}
const workflowLines = workflowRows(results.workflow).map(asRow);
const lines = [];
const row = (...cells) => lines.push(asRow(cells));
lines.push('| measure | ours | baseline (same run) | ratio / goal |', '|---|---|---|---|', ...searchLines);
const t = results.thumbs;
row(
  `derivatives, ${t.count} JPEGs up to 6000x4000, ${t.parallel} in flight`,
  `${fmt(t.derivatives, 2)} img/s`,
  `raw sharp thumb ${fmt(t.rawThumb, 2)} img/s; raw sharp preview+thumb ${fmt(t.rawPair, 2)} img/s`,
  `${fmt(t.derivatives / t.rawThumb, 2)} vs thumb; ${fmt(t.derivatives / t.rawPair, 2)} vs pair (goal >= 0.85 of the pair, P1)`,
);
lines.push(asRow(zipRow(results.zip)));
if (results.latency) lines.push(asRow(thumbnailLatencyRow(results.latency)));
lines.push(...gibRows(results.gib).map(asRow));
lines.push(...workflowLines);
lines.push(...enrichmentLines());
lines.push(...sharingRows(results.sharing).map(asRow));
lines.push(...duplicateSearchRows(results.duplicates).map(asRow));
const table = lines.join('\n');
console.log(`\n${machine}\n${table}`);

const head = `# Benchmarks

Measured by \`npm run bench\` (scripts/bench.mjs, parts in bench/) on ${results.date.slice(0, 16).replace('T', ' ')} UTC.

Machine: ${machine}.

${table}
`;
const methods = `${catalogueMethod()}
${LISTING_METHOD}
- **Thumbnails**: ${t.count} synthetic photo-like JPEGs (1200x800 up to 6000x4000) through the derivative job's media
  code path (\`deriveMedia\`: header facts, 2048 px WebP preview, 400 px WebP thumb from the preview, dHash),
  then raw sharp on the same files with the same number in flight: a 400 px WebP thumb alone, and the
  preview + thumb pair. Blob-store copies and database writes of the job are not in the figure.
${zipMethod(results.zip)}
${results.latency ? THUMBNAIL_LATENCY_METHOD : ''}
${WORKFLOW_METHOD}
${ENRICHMENT_METHOD}
${SHARING_METHOD}
${DUPLICATE_SEARCH_METHOD}
- **1 GiB flat memory**: ${results.gib ? 'a 1 GiB file of incompressible bytes (written streaming to a temp file, deleted afterwards) uploaded through tus in 64 MiB PATCHes into the Marketing department archive, then downloaded back (`GET /api/assets/:id/original`' + (results.zip.available ? ' and a ZIP of it' : '') + "), while the hub process's VmRSS is read every 200 ms; growth is over the RSS just before the upload. The upload's baseline, measured just before it: the same file in 64 MiB raw HTTP PUTs to a bare node:http server in a process of its own, writing it into the hub's blob directory (the same disk). Skip it with `npm run bench -- --skip-gib`." : 'skipped in this run (`--skip-gib`).'}

CPU-bound figures move with whatever else runs on the box: compare the ratios within one run rather
than absolute figures across runs. No performance assertion lives in the unit tests; the goals (research perf-reliability §3) are
compared here by eye.`;
writeFullRun(benchDoc, head, methods);
console.log(`\nWrote ${benchDoc}`);
process.exit(0);

/** The table's column widths follow the figures: let Prettier lay it out as the repository expects. */
function formatDocument() {
  spawnSync(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--write', benchDoc], {
    cwd: root,
    stdio: 'ignore',
  });
}

function catalogueMethod() {
  return `- **Catalogue**: a dedicated database \`paddock_bench\` (dropped and re-created each run), migrated and
  seeded with the demo organisation, then ${ASSETS.toLocaleString('en')} contents inserted by SQL with
  \`generate_series\` straight into the provider schema (content, IT/EN names, folder links — 60% in the
  Marketing department archive, 20% in the Heritage one, the rest spread over the workflow folders —
  source rows, a card thumbnail each (one of 16 JPEGs of 400 px in the blob store), 200 tags on about a third
  of the contents, a metadata row each) in ${fmt(seedSeconds)} s.
  This bypasses the API on purpose: the bench measures reading a catalogue of that size, not ${ASSETS.toLocaleString('en')} uploads.`;
}

/**
 * --workflow-only / --search-only: the document keeps the other parts' figures; the rows whose
 * first cell matches `first` are replaced in place (at the end of the table if it had none).
 */
function replaceRows(path, rows, first) {
  // A new document starts from the repository's, so its other rows stay meaningful.
  const text = readFileSync(existsSync(path) ? path : defaultDoc, 'utf8').split('\n');
  let at = text.findIndex((l) => first.test(l));
  const kept = text.filter((l) => !first.test(l));
  if (at < 0) at = kept.findIndex((l, i) => l.startsWith('|') && !kept[i + 1]?.startsWith('|')) + 1;
  if (at <= 0) throw new Error(`${path} has no table to add the rows to`);
  kept.splice(at, 0, ...rows);
  writeFileSync(path, kept.join('\n'));
  formatDocument();
  console.log(`\nReplaced the rows of ${path}`);
}

function addWorkflowMethod(path) {
  addMethod(path, '- **Workflow**:', WORKFLOW_METHOD);
}

/** A part's paragraph of "How it is measured", before the 1 GiB one, unless the document has it. */
function addMethod(path, start, method) {
  let doc = readFileSync(path, 'utf8');
  if (doc.includes(start)) return;
  const end = doc.indexOf('\n- **1 GiB flat memory**');
  doc = end < 0 ? `${doc.trimEnd()}\n\n${method}\n` : `${doc.slice(0, end)}\n${method}${doc.slice(end)}`;
  writeFileSync(path, doc);
  formatDocument();
}

/**
 * Waits until no content is PROCESSING: the seed's and the uploads' derivative jobs (ffmpeg,
 * LibreOffice, sharp) run in the hub's workers and would otherwise share the 2 cores with the ZIP.
 */
async function settleDerivatives(measuredIds = []) {
  for (const deadline = Date.now() + 5 * 60_000; Date.now() < deadline;) {
    // `measuredIds`: contents whose derivatives job must also have measured the source (its CRC-32,
    // which a ZIP carries as given; a file without one has its CRC worked out as it streams). The
    // jobs an upload starts beside its derivatives (pre-flight, plate detection) finish too.
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM provider.content WHERE state = 'PROCESSING')
            + (SELECT count(*)::int FROM provider.content_source
                WHERE content_id = ANY($1::uuid[]) AND crc32 IS NULL)
            + (SELECT count(*)::int FROM hub.job_record WHERE state IN ('waiting', 'active', 'retrying')) AS n`,
      [measuredIds],
    );
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log('  derivatives still processing after 5 minutes: the ZIP shares the box with them');
}

/**
 * The full run's own parts of the document: what is above its first section (the table) and the
 * section "How it is measured". The other sections (--load's, the dated notes of what was changed
 * and measured) are kept as they are.
 */
function writeFullRun(path, head, methods) {
  const doc = readFileSync(existsSync(path) ? path : defaultDoc, 'utf8');
  const sections = doc.indexOf('\n## ');
  writeFileSync(path, `${head}\n${sections < 0 ? '' : doc.slice(sections + 1)}`);
  replaceSection(path, '## How it is measured', methods);
}

/** Replaces the section under `heading` (up to the next one), or adds it before "How it is measured". */
function replaceSection(path, heading, body) {
  const doc = readFileSync(existsSync(path) ? path : defaultDoc, 'utf8');
  const section = `${heading}\n\n${body}\n\n`;
  const start = doc.indexOf(`\n${heading}\n`);
  if (start >= 0) {
    const end = doc.indexOf('\n## ', start + 1);
    writeFileSync(path, `${doc.slice(0, start + 1)}${section}${end < 0 ? '' : doc.slice(end + 1)}`);
  } else {
    const at = doc.indexOf('\n## How it is measured');
    if (at < 0) throw new Error(`${path} has no "How it is measured" section`);
    writeFileSync(path, `${doc.slice(0, at + 1)}${section}${doc.slice(at + 1)}`);
  }
  formatDocument();
}

/** Replaces the paragraph that starts with `first` (up to the next bullet) by `text`. */
function replaceMethod(path, first, text) {
  const doc = readFileSync(path, 'utf8');
  const start = doc.indexOf(first);
  const end = doc.indexOf('\n- **', start + 1);
  if (start < 0 || end < 0) throw new Error(`${path} has no paragraph ${first} to replace`);
  writeFileSync(path, `${doc.slice(0, start)}${text}${doc.slice(end)}`);
  formatDocument();
}

function loadRows(runs) {
  const http = runs.find((r) => r.transport === 'HTTP');
  return runs.map((r) => [
    `load, ${r.connections} clients listing and searching, provider ${r.transport}${r.apis ? `, ${r.apis} api processes` : ''}`,
    `${fmt(r.perSecond)} req/s; p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms; ${r.errors} errors of ${r.requests}; load average ${fmt(r.loadAverage, 2)}`,
    r === http ? '-' : `provider over HTTP: ${fmt(http.perSecond)} req/s, p95 ${fmt(http.p95)} ms`,
    `${r === http ? '' : `${fmt(r.perSecond / http.perSecond, 2)}x the HTTP transport; `}goal >= 1,000 req/s, p95 <= 200 ms, 0 errors (issue 26)`,
  ]);
}

/** One row per kind of call the browsing people made. */
function browsingRows(b) {
  const figures = (c) =>
    `p50 ${fmt(c.p50)} ms, p95 ${fmt(c.p95)} ms, p99 ${fmt(c.p99)} ms (${c.count} calls)`;
  return Object.entries(b.calls).map(([kind, c]) => [
    `browsing, ${b.people} people arriving over ${b.arrivalSeconds} s, with think time, two api processes: ${kind}`,
    `whole run: ${figures(c)}; after the first ${b.settledAfter} s: ${figures(b.settled[kind])}`,
    '-',
    `goal p95 <= 200 ms, 0 errors (issue 26): whole run ${c.p95 <= 200 ? 'met' : 'NOT met'}, after the first ${
      b.settledAfter
    } s ${b.settled[kind].p95 <= 200 ? 'met' : 'NOT met'}; ${b.errors} errors in the run${
      Object.keys(b.statuses).length ? ` (${JSON.stringify(b.statuses)})` : ''
    }; load average ${fmt(b.loadAverage, 2)}`,
  ]);
}

/** The 1 GiB rows (first cell starts with "1 GiB": --media-only finds them by it). */
function gibRows(g) {
  if (!g) return [['1 GiB round trip', 'skipped (--skip-gib)', '-', '-']];
  const rows = Object.entries(g.phases).map(([name, p]) => [
    `1 GiB ${name}`,
    `${fmt(p.mbPerSec)} MiB/s (${fmt(p.seconds)} s)`,
    '-',
    `RSS growth ${fmt(p.maxGrowth / MB)} MiB`,
  ]);
  const tus = g.phases[TUS_UPLOAD];
  const put = g.phases[RAW_PUT];
  rows.push(
    [
      '1 GiB upload: tus through the hub vs raw HTTP PUT to the same disk',
      `${fmt(tus.mbPerSec)} MiB/s`,
      `raw PUT ${fmt(put.mbPerSec)} MiB/s`,
      `${fmt(tus.mbPerSec / put.mbPerSec, 2)} (goal >= 0.8, issue 26)`,
    ],
    [
      '1 GiB round trip: max hub RSS growth',
      `${fmt(g.maxGrowth / MB)} MiB (baseline ${fmt(g.baseline / MB)} MiB)`,
      '-',
      `goal < 100 MB: ${g.maxGrowth < 100e6 ? 'met' : 'NOT met'}`,
    ],
  );
  if (g.zipNote !== 'measured') rows.push(['1 GiB ZIP download', g.zipNote, '-', '-']);
  return rows;
}

/** The ZIP part's cells (asRow makes the table row). */
function zipRow(z) {
  if (!z.available)
    return [
      'ZIP download',
      'not measured: POST /api/downloads answered 404 (feature not built yet)',
      '-',
      '-',
    ];
  const parts = [
    `the files over a bare node:http process ${fmt(z.rawHttpRate / MB)} MiB/s (${fmt(z.rawHttpRate / z.diskRate, 2)})`,
    `provider's own download ${fmt(z.providerRate / MB)} MiB/s (${fmt(z.providerRate / z.diskRate, 2)}), first byte ${fmt(z.providerFirstByteMs)} ms`,
    z.overHttp &&
      `through the hub over HTTP (PROVIDER_URL) ${fmt(z.overHttp.zipRate / MB)} MiB/s (${fmt(z.overHttp.ratio, 2)} of its disk read ${fmt(z.overHttp.diskRate / MB)} MiB/s), first byte ${fmt(z.overHttp.firstByteMs)} ms`,
  ].filter(Boolean);
  return [
    `ZIP download, ${z.files} x 32 MiB`,
    `${fmt(z.zipRate / MB)} MiB/s, first byte ${fmt(z.firstByteMs)} ms`,
    `disk read ${fmt(z.diskRate / MB)} MiB/s; ${parts.join('; ')}`,
    `${fmt(z.ratio, 2)} (goal >= 0.6 and first byte <= 500 ms, issue 26)`,
  ];
}

function zipMethod(z) {
  if (!z.available)
    return '- **ZIP**: not measured in this run: `POST /api/downloads` answered 404, the downloads feature was not built yet. The script measures it as soon as it answers.';
  return `- **ZIP**: 8 files of 32 MiB (random bytes, stored as they are) uploaded through tus; once no content is still making
  its derivatives (the seed's ffmpeg and LibreOffice jobs would share the cores) and the derivatives job has measured each
  file's CRC-32 (a ZIP asked for before that works the CRC out as it streams), the ZIP of all of them is streamed through
  the hub to a null sink, against reading the same bytes from the local files, and against the same ZIP asked of the
  built-in provider directly with the user's own token (its \`archive/prepare\`, then the form POST download: the
  provider's share without the hub). The three are interleaved over ${z.rounds} rounds and each rate, and the time from
  the GET to the ZIP's first byte, is the median; the ZIP's \`Content-Length\` must equal the bytes received. A fourth
  figure is the ceiling of the loopback itself: the same files sent one after the other by a bare \`node:http\` server in
  a process of its own. Every body is read with undici's \`request\` (Node streams; \`fetch\`'s web streams cost the
  reading side about a third of a core at these rates). The hub
  then restarts with \`PROVIDER_URL\` naming its own \`/provider\` (the loopback HTTP hop of a real provider, which the
  in-process archive gateway removes) and the three are measured again. Run only this part with
  \`npm run bench -- --zip-only\`, or with the thumbnail and 1 GiB parts with \`npm run bench -- --media-only\`.`;
}
