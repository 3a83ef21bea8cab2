// `npm run test:cluster [-- --keep] [--no-build]`: the cluster suite (issue 25 part 3). The compose
// stack (local images, 2 api and 2 worker containers behind nginx; the demo's people and folders
// seeded without its media, the suite uploads its own) is tried through
// its proxy the way browsers use it — a tus upload landing on both apis, two approval steps,
// enrichment, an external share opened by its recipient from the mail, a ZIP download — and then
// broken: a worker killed in the middle of a bulk accept of 200, the api holding a job's event
// stream killed, an api killed under load. Every scenario runs even when one before failed; the
// figures are printed and written with the results to test-results/cluster.json (`npm test` counts
// them). The portal image is built from this tree first, reusing Docker's layer cache (--no-build:
// the one there is); the stack goes down with its volumes whatever happened (--keep: it stays up).
// PADDOCK_PROJECT and PADDOCK_PORT choose the compose project and the published port.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';
import { containers } from './cluster/containers.mjs';
import { portal } from './cluster/portal.mjs';
import { approval, enrichment, externalShare, upload, zipDownload } from './cluster/flows.mjs';
import { apiKilledUnderLoad, bulkAcceptWorkerKilled, eventStreamApiKilled } from './cluster/failures.mjs';

const project = process.env.PADDOCK_PROJECT ?? 'paddock-cluster';
const port = process.env.PADDOCK_PORT ?? '43219';
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PADDOCK_PROJECT: project,
  PADDOCK_PORT: port,
  PADDOCK_IMAGES: 'local',
  PADDOCK_APP_IMAGE: process.env.PADDOCK_APP_IMAGE ?? 'paddock-app:cluster',
};
const SCENARIOS = [
  ['tus upload, chunks on both apis', upload],
  ['approval, two steps', approval],
  ['enrichment', enrichment],
  ['external share opened by its recipient', externalShare],
  ['ZIP download', zipDownload],
  ['bulk accept of 200, worker killed mid-job', bulkAcceptWorkerKilled],
  ['job events, the api holding the stream killed', eventStreamApiKilled],
  ['an api killed under load', apiKilledUnderLoad],
];

const started = Date.now();
const elapsed = (since = started) => ((Date.now() - since) / 1000).toFixed(1);
const figures = [];
const suite = {
  base,
  state: {},
  containers: containers(project),
  portal: portal(base),
  log: (text) => console.log(`  [${elapsed()} s] ${text}`),
  figure(name, value) {
    figures.push({ name, value });
    console.log(`  [${elapsed()} s] ▸ ${name}: ${value}`);
  },
};
const stack = (...args) =>
  spawnSync('node', ['scripts/stack.mjs', ...args], { cwd: root, env, stdio: 'inherit' });

/** What the portal's containers logged as warnings and errors (health probes aside), for a failed run. */
function saveErrorLogs() {
  const lines = [];
  for (const service of ['api1', 'api2', 'worker1', 'worker2'])
    try {
      for (const line of suite.containers.logs(service).split('\n'))
        if (/"level":[456]0/.test(line) && !line.includes('/api/health')) lines.push(`${service} ${line}`);
    } catch (error) {
      lines.push(`${service}: ${error.message}`);
    }
  writeFileSync(join(root, 'test-results/cluster-errors.log'), `${lines.join('\n')}\n`);
  console.log(
    `${lines.length} warnings and errors of the portal's containers: test-results/cluster-errors.log`,
  );
}

const results = [];
const build = !process.argv.includes('--no-build');
// What an interrupted run left (containers, and volumes whose database has another tree's
// migrations) goes first: the suite starts from nothing, as on a fresh machine.
stack('compose', '--demo', 'down', '-v', '--remove-orphans');
const up = stack(...(build ? ['--build'] : []));
suite.figure(`stack up${build ? ', portal image built from the tree' : ''}`, `${elapsed()} s`);
if (up.status !== 0) {
  results.push({ name: 'the stack comes up', ok: false, error: `exit ${up.status}` });
  // The one-shot migrator's own words are the likeliest reason.
  try {
    console.log(
      `\n━ the migrate container's log\n${suite.containers.logs('migrate').split('\n').slice(-40).join('\n')}`,
    );
  } catch (error) {
    console.log(`no migrate log: ${error.message}`);
  }
} else {
  // The demo's people, groups and folders; no demo media (minutes of ffmpeg and LibreOffice): the
  // suite uploads what it needs.
  const seeding = Date.now();
  const seed = stack(
    'compose',
    '--demo',
    ...['run', '--rm', '--no-deps', '-T', 'seed', 'node', 'server/dist/cli/seed.js', '--without-assets'],
  );
  suite.figure('demo seed without assets', `${elapsed(seeding)} s`);
  if (seed.status !== 0) results.push({ name: 'the demo seed', ok: false, error: `exit ${seed.status}` });
  if (!results.length)
    for (const [name, run] of SCENARIOS) {
      console.log(`\n━ ${name}`);
      const since = Date.now();
      try {
        await run(suite);
        results.push({ name, ok: true, seconds: Number(elapsed(since)) });
        console.log(`✓ ${name} (${elapsed(since)} s)`);
      } catch (error) {
        results.push({ name, ok: false, seconds: Number(elapsed(since)), error: error.message });
        console.error(`✗ ${name} (${elapsed(since)} s): ${error.message}`);
      }
    }
}
mkdirSync(join(root, 'test-results'), { recursive: true });
if (results.some((r) => !r.ok)) saveErrorLogs();
if (!process.argv.includes('--keep')) stack('compose', '--demo', 'down', '-v');

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log('\n━━ cluster suite figures ━━');
for (const f of figures) console.log(`${f.name}: ${f.value}`);
console.log(`cluster suite: ${passed} passed, ${failed} failed in ${elapsed()} s`);
writeFileSync(
  join(root, 'test-results/cluster.json'),
  JSON.stringify({ passed, failed, seconds: Number(elapsed()), results, figures }, null, 2),
);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
