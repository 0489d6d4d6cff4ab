import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The web app reads the API's types from the contracts sources, so it needs no contracts build first. */
const contractsSource = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
const webRoot = fileURLToPath(new URL('.', import.meta.url));
/**
 * React Router's production build. Its package's exports name only its development build (warnings and checks
 * for developers, about 0.5 kB gzip more of the first visit); the production one beside it is what a release
 * should ship, as React's own production build is. Development and tests keep the development build.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[/\\]development[/\\]index\.m?js$/, '/production/index.mjs');

/** The endpoint declarations (contracts/src/api.ts), which the typed client bundles into the first visit. */
const endpointsSource = fileURLToPath(new URL('../contracts/src/api.ts', import.meta.url));

/**
 * Leaves out of the web bundle who may call each endpoint (`auth: 'user'`, ...): the server enforces it and the
 * web never reads it, but with some sixty endpoints it costs the first visit about 80 bytes of gzip, and
 * every endpoint added costs that much less. The types still say it is there (tsc reads the source as it is).
 */
function withoutEndpointAuth(): Plugin {
  return {
    name: 'openlfg-without-endpoint-auth',
    apply: 'build',
    // On the source as written, before TypeScript is stripped.
    enforce: 'pre',
    transform(code, id) {
      if (id !== endpointsSource) return null;
      return { code: code.replace(/,\s*auth:\s*'(?:anyone|user|moderator)'/g, ''), map: null };
    },
  };
}

/**
 * A production CSS-module class name: the class, then five characters of a hash of its file (relative to
 * web/, so builds are the same on every machine): `hamburger_Xy3_q`. A component's class map ships in its
 * JavaScript, and the first visit's maps (the bar, the cards, the filters) are part of its budget: Vite's
 * default adds the class's line number (`_hamburger_b39ht_133`), which differs for every class and so
 * compresses worst of all. The class repeats its key and the file hash repeats within a map: gzip takes both.
 */
function shortClassName(name: string, filename: string): string {
  const file = path.relative(webRoot, filename.split('?')[0] ?? filename);
  return `${name}_${createHash('sha256').update(file).digest('base64url').slice(0, 5)}`;
}

export default defineConfig(({ command }) => ({
  plugins: [react(), withoutEndpointAuth()],
  // Readable names while developing and testing; short ones in the production build.
  css: { modules: command === 'build' ? { generateScopedName: shortClassName } : {} },
  resolve: {
    alias: {
      '@openlfg/contracts': contractsSource,
      ...(command === 'build' && existsSync(reactRouterProduction)
        ? { 'react-router': reactRouterProduction }
        : {}),
    },
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
}));
