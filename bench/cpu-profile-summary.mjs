// `node bench/cpu-profile-summary.mjs <file.cpuprofile> [top] [name,name…] [from-to]`: where a
// profile's CPU went, by self time — grouped by package (node_modules/<name>), by the hub's own
// folder (server/dist/<module>) and by Node's internals — then the top functions, and the total time
// (with callees) under each named function; the short flame summary of docs/benchmarks.md. A window
// `from-to` in seconds since the profile began (`0-5`: a load's arrival) keeps only its samples.
import { readFileSync } from 'node:fs';

const [file, topArg = '15', watched = '', window = ''] = process.argv.slice(2);
const [fromS, toS] = window ? window.split('-').map(Number) : [0, Infinity];
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
for (let i = 0, at = 0; i < profile.samples.length; i += 1) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < fromS * 1e6 || at >= toS * 1e6) continue;
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

function groupOf({ callFrame: { url, functionName } }) {
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /server\/dist\/([^/]+)/.exec(url);
  if (own) return `server/${own[1].replace(/\.js$/, '')}`;
  if (url.startsWith('node:')) return url.split('/')[0].replace(/^node:internal.*$/, 'node:internal');
  return url;
}

const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const busy =
  total - (selfUs.get([...byId.values()].find((n) => n.callFrame.functionName === '(idle)')?.id) ?? 0);
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
const groups = new Map();
const functions = new Map();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  add(groups, groupOf(node), us);
  const { functionName, url, lineNumber } = node.callFrame;
  add(
    functions,
    `${functionName || 'anonymous'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`,
    us,
  );
}
const top = Number(topArg);
const pct = (us) => `${((100 * us) / busy).toFixed(1)} %`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${pct(us).padStart(7)}  ${k}`);
};
console.log(`${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (percentages of busy)`);
print('Self time by group', groups);
print('Self time by function', functions);

if (watched) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const names = watched.split(',');
  const under = new Map();
  for (const [id, us] of selfUs) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at).callFrame.functionName;
      if (names.includes(name)) seen.add(name);
    }
    for (const name of seen) add(under, name, us);
  }
  print('Total time under each named function', under);
}
