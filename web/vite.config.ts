import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The hub (NestJS) serves /api and the built-in provider; in development Vite forwards to it.
const hub = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      // Chakra's theme module builds its full default config (every recipe) with defineConfig at
      // load; marked pure, that config is dropped when unused (web/src/theme/system.ts picks recipes).
      treeshake: { manualPureFunctions: ['defineConfig'] },
      output: {
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
