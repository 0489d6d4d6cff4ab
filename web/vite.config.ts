import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app reads the API's types from the contracts sources, so it needs no contracts build first. */
const contractsSource = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@openlfg/contracts': contractsSource },
  },
  build: {
    // The Fastify server serves dist/ and marks dist/assets/* (content-hashed) immutable.
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Every supported browser knows <link rel="modulepreload">: no polyfill in the first visit's code. A lazily
    // loaded page or dialog names only its stylesheets to load beside it (they must be there when it shows): the
    // list of every lazy chunk's shared JavaScript lives in the first visit's code, hashed names that hardly
    // compress, and the page imports those chunks itself a moment later.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, dependencies) =>
        dependencies.filter((dependency) => dependency.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        // What the first visit needs (the entry and everything it imports statically) in one file: split into
        // many small shared chunks it compresses worse and costs more requests. Lazily loaded pages and dialogs
        // still get chunks of their own.
        codeSplitting: { groups: [{ name: 'first-visit', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // Same origin for the browser, so cookies and the server's Origin check behave as in production.
      '/api': { target: 'http://localhost:3000', ws: true, changeOrigin: false },
    },
  },
});
