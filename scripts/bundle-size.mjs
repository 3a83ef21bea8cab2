// The web's initial JavaScript against its budget (issue 26), for each interface language: what
// index.html loads (the entry and the chunks it modulepreloads) and the part of the shown language's
// catalogue i18n.ts reads before the first render (`<lang>.json?first`, the first screens' texts cut
// by web/src/i18n/catalogue-split.ts; the rest, `?rest`, is fetched beside it without holding the
// first render up, and is not counted), gzipped at level 9; then each
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

/** The first part of a language's catalogue, the one read before the first render. */
const catalogue = (language) => `src/i18n/${language}.json?first`;
// Issue 26 asks BUDGET_KIB for each page, and both pages now meet it (2026-12-01: the catalogue's
// first-screen part, our own fixed-row virtualiser and input readers instead of @tanstack/react-virtual
// and zod, no modulepreload polyfill; docs/benchmarks.md has the history, from 355 KiB).
const pages = {
  'sign-in (/login)': { budgetKib: BUDGET_KIB, keys: ['src/features/auth/login-page.tsx'] },
  'archive (/home)': {
    budgetKib: BUDGET_KIB,
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

const languages = Object.keys(manifest).flatMap(
  (key) => key.match(/^src\/i18n\/(\w+)\.json\?first$/)?.[1] ?? [],
);
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
