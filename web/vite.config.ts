import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/** A chunk and what it imports statically, transitively: all loaded once its code runs. */
function loadedWith(file: string, found = new Set<string>()): Set<string> {
  if (found.has(file)) return found;
  found.add(file);
  for (const imported of chunkImports.get(file) ?? []) loadedWith(imported, found);
  return found;
}

export default defineConfig({
  plugins: [react(), chunkGraph],
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
          ].map((group) => ({ ...group, entriesAware: true })),
        },
      },
    },
  },
});
