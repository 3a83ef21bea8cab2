// The web's initial JavaScript against its budget (issue 26): what index.html loads (the entry and
// the chunks it modulepreloads) and the catalogues i18n.ts reads before the first render, gzipped at
// level 9. Each first page's route chunks follow, printed beside it. Reads the built web/dist
// (`npm test` builds it first).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

// Issue 26 aims at 250 KiB; the budget holds what is reached so far (docs/benchmarks.md lists the
// levers left) so the first load cannot grow back.
const BUDGET_KIB = 285;
const GOAL_KIB = 250;
const dist = join(root, 'web/dist');
const manifestFile = join(dist, '.vite/manifest.json');

// The catalogues of the default language (Italian) and of the fallback (English).
const firstLoad = ['index.html', 'src/i18n/it.json', 'src/i18n/en.json'];
const pages = {
  'sign-in (/login)': ['src/features/auth/login-page.tsx'],
  'archive (/home)': ['src/features/layout/authenticated-layout.tsx', 'src/features/home/home-page.tsx'],
};

if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: build the web first (npm run build -w @paddock/web).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** Each chunk file a module loads at once: its own and, transitively, its static imports. */
function files(key, found = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: was it renamed?`);
  if (found.has(chunk.file)) return found;
  found.add(chunk.file);
  for (const imported of chunk.imports ?? []) files(imported, found);
  return found;
}

const gzipKib = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** Each file `keys` load, largest first, and their sum. */
function measure(keys, without = new Set()) {
  const loaded = new Set(keys.flatMap((key) => [...files(key)]).filter((file) => !without.has(file)));
  const sizes = [...loaded].map((file) => [file, gzipKib(file)]).sort((a, b) => b[1] - a[1]);
  return { loaded, sizes, total: sizes.reduce((sum, [, kib]) => sum + kib, 0) };
}

const first = measure(firstLoad);
const fits = first.total <= BUDGET_KIB;
console.log(
  `${fits ? '✓' : '✗'} initial JavaScript: ${first.total.toFixed(1)} KiB gzipped in ${first.sizes.length} files (budget ${BUDGET_KIB} KiB, goal ${GOAL_KIB} KiB)`,
);
for (const [file, kib] of first.sizes) console.log(`    ${kib.toFixed(1).padStart(6)} KiB  ${file}`);
for (const [page, keys] of Object.entries(pages)) {
  const route = measure(keys, first.loaded);
  console.log(
    `  ${page}: + ${route.total.toFixed(1)} KiB of route chunks (${route.sizes.length} files) = ${(first.total + route.total).toFixed(1)} KiB`,
  );
}
process.exit(fits ? 0 : 1);
