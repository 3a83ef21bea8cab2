// The web's initial JavaScript against its budget (issue 26), for each interface language: what
// index.html loads (the entry and the chunks it modulepreloads) and the catalogues i18n.ts reads
// before the first render (the shown language's), gzipped at level 9; then each
// page's total: that plus its route chunks and their static imports, against the page's budget
// (dialogs that open on demand load later and are not counted). Reads the built web/dist (`npm test`
// builds it first), or BUNDLE_DIST when set (a build elsewhere, with `vite build --outDir`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const BUDGET_KIB = 250;
const dist = process.env.BUNDLE_DIST ?? join(root, 'web/dist');
const manifestFile = join(dist, '.vite/manifest.json');

const catalogue = (language) => `src/i18n/${language}.json`;
// Issue 26 asks BUDGET_KIB for each page. The archive page's libraries alone (React, Chakra, TanStack,
// i18next) come near it, so its budget is today's figure with a little room, failing on growth
// (docs/benchmarks.md). Raised from 345 to 352 on 2026-11-30: the legal hold's junk marks and hold
// actions added about 9 KiB to the archive page; then to 355 the same day: the plates' texts added
// about 1 KiB to every language's catalogue, which the first screen loads whole. Loading each page's
// sections of the catalogue with it (about 10 KiB less on both pages, measured) is open on issue 26.
// Lowered from 355 to 313 on 2026-12-01: the menus, the filters' popover, the selection bar, the
// folder, legal hold and disclaimer dialogs and the upload indicator now load on demand (after the
// first render when the browser is idle, or on the first pointer, focus or click), not with the page.
// Lowered from 313 to 286 the same day (2026-12-01): the archive's tabs and the header's preference
// switches (Ark's tabs, switch and presence machines) load just after the first render, which shows
// their likeness; chunks are named by their group alone, and a dynamic import's preload list names
// only the chunks its importer has not loaded (web/vite.config.ts): both had repeated long file
// names in every chunk.
const pages = {
  'sign-in (/login)': { budgetKib: BUDGET_KIB, keys: ['src/features/auth/login-page.tsx'] },
  'archive (/home)': {
    budgetKib: 286,
    keys: ['src/features/layout/authenticated-layout.tsx', 'src/features/home/home-page.tsx'],
  },
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

const languages = Object.keys(manifest).flatMap((key) => key.match(/^src\/i18n\/(\w+)\.json$/)?.[1] ?? []);
const entry = measure(['index.html']);
console.log(`entry and modulepreloads: ${entry.total.toFixed(1)} KiB gzipped in ${entry.sizes.length} files`);
for (const [file, kib] of entry.sizes) console.log(`    ${kib.toFixed(1).padStart(6)} KiB  ${file}`);

let fits = true;
for (const language of languages) {
  const first = measure(['index.html', catalogue(language)]);
  fits &&= first.total <= BUDGET_KIB;
  console.log(
    `${first.total <= BUDGET_KIB ? '✓' : '✗'} initial JavaScript in ${language}: ${first.total.toFixed(1)} KiB gzipped in ${first.sizes.length} files (budget ${BUDGET_KIB} KiB)`,
  );
  for (const [page, { budgetKib, keys }] of Object.entries(pages)) {
    const route = measure(keys, first.loaded);
    const total = first.total + route.total;
    fits &&= total <= budgetKib;
    console.log(
      `  ${total <= budgetKib ? '✓' : '✗'} ${page}: + ${route.total.toFixed(1)} KiB of route chunks (${route.sizes.length} files) = ${total.toFixed(1)} KiB (budget ${budgetKib} KiB)`,
    );
  }
}
process.exit(fits && languages.length > 0 ? 0 : 1);
