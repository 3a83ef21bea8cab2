import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { type Catalogue, splitCatalogue } from './src/i18n/catalogue-split.ts';

// The hub (NestJS) serves /api and the built-in provider; in development Vite forwards to it.
const hub = 'http://localhost:3000';

/** Each chunk of the last build by file name, with the chunks it imports statically. */
let chunkImports = new Map<string, readonly string[]>();

/** Records the build's chunk graph before Vite writes each dynamic import's preload list. */
const chunkGraph: Plugin = {
  name: 'paddock:chunk-graph',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      chunkImports = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output.imports] as const] : [],
        ),
      );
    },
  },
};

/**
 * `./en.json?first` and `./en.json?rest`: a language's catalogue cut in the texts the first
 * screens use and the rest (src/i18n/catalogue-split.ts), from the one file its translators keep;
 * each part a module of its own (issue 26).
 */
const catalogueParts: Plugin = {
  name: 'paddock:catalogue-parts',
  enforce: 'pre',
  async load(id) {
    const [file, part] = id.split('?');
    if (!file?.endsWith('.json') || (part !== 'first' && part !== 'rest')) return null;
    this.addWatchFile(file);
    const whole = JSON.parse(await readFile(file, 'utf8')) as Catalogue;
    return { code: `export default ${JSON.stringify(splitCatalogue(whole)[part])};`, moduleType: 'js' };
  },
};

/** A chunk and what it imports statically, transitively: all loaded once its code runs. */
function loadedWith(file: string, found = new Set<string>()): Set<string> {
  if (found.has(file)) return found;
  found.add(file);
  for (const imported of chunkImports.get(file) ?? []) loadedWith(imported, found);
  return found;
}

export default defineConfig({
  plugins: [react(), catalogueParts, chunkGraph],
  resolve: {
    alias: { '@paddock/rules': fileURLToPath(new URL('../packages/rules/src/index.ts', import.meta.url)) },
  },
  server: {
    proxy: { '/api': hub, '/provider': hub },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs follows it from each page to the chunks that page loads.
    manifest: true,
    modulePreload: {
      // Every browser the portal supports preloads modules itself (Chrome 66, Firefox 115, Safari 17).
      polyfill: false,
      // A dynamic import's preload list leaves out what its importer has loaded already (the
      // entry's libraries among them), which every chunk that opens a dialog listed (issue 26).
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !loadedWith(hostId).has(dep)) : deps,
    },
    rolldownOptions: {
      // Chakra's theme module builds its full default config (every recipe) with defineConfig at
      // load; marked pure, that config is dropped when unused (web/src/theme/system.ts picks recipes).
      treeshake: { manualPureFunctions: ['defineConfig'] },
      output: {
        // Named by their group alone: an entries-aware chunk's full name lists every page that
        // shares it, and each import and preload list repeated it (issue 26).
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        // Libraries change less often than our code: separate chunks stay cached across releases.
        // Entries-aware groups split each library by the entries (page chunks) that use it, so a
        // component only a lazy page needs stays out of the first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui)[\\/]/,
            },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // A subgroup under 1 kB joins its nearest neighbour: each chunk costs its own import lines
            // and gzip framing, and tens of tiny ones cost the archive page 2 KiB (issue 26, measured).
          ].map((group) => ({ ...group, entriesAware: true, entriesAwareMergeThreshold: 1000 })),
        },
      },
    },
  },
});
