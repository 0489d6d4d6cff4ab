import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type ConfigEnv, type Plugin, type Rolldown } from 'vite';
import { pageModules, pageParts } from './src/app/page-modules.ts';

/** The web app reads the API's types from the contracts sources, so it needs no contracts build first. */
const contractsSource = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * React Router's production build. Its package's exports name only its development build (warnings and checks
 * for developers, about 0.5 kB gzip more of the first visit); the production one beside it is what a release
 * should ship, as React's own production build is. Development and tests keep the development build.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[/\\]development[/\\]index\.m?js$/, '/production/index.mjs');

/** The folder of React Router's production build, whose modules `reactRouterTreeShaking` trims. */
const reactRouterProductionDir = path.dirname(reactRouterProduction);

/** A component or context made at the top of a module (`var Link = React10.forwardRef(`): a pure call. */
const TOP_LEVEL_COMPONENT = /^var (\w+) = (React\d*)\.(forwardRef|memo|createContext)\(/gm;
/** A name for React's developer tools, set at the top of a module (`NavLink.displayName = "NavLink";`). */
const TOP_LEVEL_DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";$/gm;

/**
 * Lets the bundler leave out the React Router components the site never renders. React Router's build makes its
 * components and contexts at the top of its module and names each for the developer tools there; to a bundler
 * both look like side effects, so `NavLink`, `Form` and all they use (form submission, view transitions,
 * fetchers) were kept in the first visit's script although nothing renders them: about 2 kB of gzip. This marks
 * those calls pure (`forwardRef`, `memo` and `createContext` only make an object) and drops the names, which
 * only developer tools read. React Router may do the same itself one day (remix-run/react-router#15299); a
 * version laid out otherwise trims nothing, and the build says so.
 */
function reactRouterTreeShaking(): Plugin {
  let trimmed = 0;
  return {
    name: 'openlfg-react-router-tree-shaking',
    apply: browserBuild,
    transform(code, id) {
      if (!id.startsWith(reactRouterProductionDir) || !id.endsWith('.mjs')) return null;
      const out = code
        .replace(TOP_LEVEL_COMPONENT, (_, name: string, react: string, make: string) => {
          trimmed += 1;
          return `var ${name} = /* @__PURE__ */ ${react}.${make}(`;
        })
        .replace(TOP_LEVEL_DISPLAY_NAME, '');
      return out === code ? null : { code: out, map: null };
    },
    buildEnd() {
      if (trimmed === 0)
        this.warn("React Router's build has no top-level component to mark pure: see vite.config.ts");
    },
  };
}

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
 * The browser's build, not the server rendering's (`vite build --ssr`, into dist-ssr/): the plugins that shape
 * what the browser downloads apply to it alone.
 */
const browserBuild = (_config: unknown, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild;

/** The window DOMPurify works in (src/components/markdown/purifier-window.ts): the browser's. */
const purifierWindow = path.join(webRoot, 'src/components/markdown/purifier-window.ts');

/**
 * The server rendering's build takes `purifier-window.server.ts`, a jsdom window, in place of the module that
 * hands DOMPurify the browser's `window`, which Node has not: a description's Markdown is rendered on the
 * server as in the browser. Swapped here, at the build, rather than chosen at run time, so that no code of the
 * browser's names jsdom: neither its bundle nor the development server's dependency scan ever meets it.
 */
function serverPurifierWindow(): Plugin {
  return {
    name: 'openlfg-server-purifier-window',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    enforce: 'pre',
    resolveId: {
      filter: { id: /purifier-window$/ },
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        return resolved?.id === purifierWindow ? purifierWindow.replace(/\.ts$/, '.server.ts') : null;
      },
    },
  };
}

/** What each chunk of a bundle imports statically, by file name. */
function importsByChunk(bundle: Rolldown.OutputBundle): Map<string, readonly string[]> {
  const importsOf = new Map<string, readonly string[]>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') importsOf.set(output.fileName, output.imports);
  }
  return importsOf;
}

/** Every chunk that the given ones import statically, directly or through others, besides themselves. */
function importClosure(importsOf: ReadonlyMap<string, readonly string[]>, fileNames: string[]): Set<string> {
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    for (const imported of importsOf.get(fileName) ?? []) {
      if (reached.has(imported)) continue;
      reached.add(imported);
      visit(imported);
    }
  };
  fileNames.forEach(visit);
  fileNames.forEach((fileName) => reached.delete(fileName));
  return reached;
}

/**
 * Each lazily loaded chunk (a page, a dialog) also imports every chunk that its own imports import in turn, as
 * Rollup's `hoistTransitiveImports` does and Rolldown does not yet: the browser asks for all of a page's code as
 * soon as the page's chunk arrives, rather than finding it one level of imports at a time, a round trip a level
 * (three levels for a group's page). The imports are appended, after the chunk's own, so nothing runs in another
 * order; the content hashes already cover them, since each chunk's hash covers the names of those it imports.
 */
function hoistTransitiveImports(): Plugin {
  return {
    name: 'openlfg-hoist-transitive-imports',
    apply: browserBuild,
    generateBundle(_options, bundle) {
      const importsOf = importsByChunk(bundle);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isDynamicEntry) continue;
        const own = new Set(chunk.imports);
        const hoisted = [...importClosure(importsOf, [chunk.fileName])].filter(
          (fileName) => !own.has(fileName),
        );
        const from = path.posix.dirname(chunk.fileName);
        chunk.code += hoisted.map((fileName) => `import"./${path.posix.relative(from, fileName)}";`).join('');
      }
    },
  };
}

/**
 * Writes `page-preloads.json`: for each page's route (src/app/page-modules.ts), the files of the page's code
 * as the browser asks for them (`/assets/…`), the page's chunk, every chunk it imports and their stylesheets,
 * and the stylesheets of the parts it shows as it opens (`pageParts`), less what the first visit loads anyway.
 * The server names them in the page's HTML (page-preloads.ts there). A module that is not a lazily loaded chunk
 * of its own fails the build: the table names a file that moved.
 */
function pagePreloads(): Plugin {
  return {
    name: 'openlfg-page-preloads',
    apply: browserBuild,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const importsOf = importsByChunk(bundle);
      const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const firstVisit = new Set([...entries, ...importClosure(importsOf, entries)]);
      const stylesOf = (fileName: string) => [
        ...((bundle[fileName] as Rolldown.OutputChunk).viteMetadata?.importedCss ?? []),
      ];
      const alreadyLoaded = new Set([...firstVisit, ...[...firstVisit].flatMap(stylesOf)]);
      const chunkOf = (module: string, route: string) => {
        const id = path.join(webRoot, module);
        const chunk = chunks.find((candidate) => candidate.isDynamicEntry && candidate.facadeModuleId === id);
        if (!chunk) return this.error(`page-modules.ts: ${module} (${route}) is not a lazily loaded chunk`);
        return chunk.fileName;
      };
      const routes = Object.entries(pageModules).map(([route, module]) => {
        if (module === null) return { path: route, files: [] };
        const page = [chunkOf(module, route)];
        const code = [...page, ...importClosure(importsOf, page)];
        const parts = (pageParts[route] ?? []).map((part) => chunkOf(part, route));
        const partsStyles = [...parts, ...importClosure(importsOf, parts)].flatMap(stylesOf);
        const files = [...new Set([...code, ...code.flatMap(stylesOf), ...partsStyles])].filter(
          (file) => !alreadyLoaded.has(file),
        );
        const styles = combinedStyles(
          files.filter((file) => file.endsWith('.css')),
          (file) => {
            const asset = bundle[file];
            return asset?.type === 'asset' ? String(asset.source) : '';
          },
        );
        if (styles) this.emitFile({ type: 'asset', fileName: styles.fileName, source: styles.source });
        return {
          path: route,
          files: files.map((file) => `/${file}`),
          ...(styles ? { styles: `/${styles.fileName}` } : {}),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'page-preloads.json',
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
    },
  };
}

/**
 * A page's stylesheets in one file (`assets/page-<hash>.css`), in their order, for the HTML of a page the server
 * renders: its markup is there at the first paint, so its styles must be too, and a first paint that waits for
 * one stylesheet rather than seven waits for one request (Lighthouse's simulated phone opened them six at a time
 * on a project's page). Null for a page with fewer than two.
 */
function combinedStyles(
  files: string[],
  sourceOf: (file: string) => string,
): { fileName: string; source: string } | null {
  if (files.length < 2) return null;
  const source = files.map((file) => `/* ${path.posix.basename(file)} */\n${sourceOf(file)}`).join('\n');
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return { fileName: `assets/page-${hash}.css`, source };
}

/** What the server sends compressed: text, from the size at which compressing it pays. */
const PRECOMPRESSED = /\.(?:js|css|svg|json|html)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes each built text file compressed beside it, once, at the highest levels (`.br`, brotli 11; `.gz`,
 * gzip 9), which the server sends as they are to a browser that takes them (@fastify/static `preCompressed`).
 * Compressing on each request would cost the server CPU for every first visit, at levels made for speed:
 * brotli 11 makes the first visit's script about 13% smaller than gzip does. Public files (early.js, the icon)
 * are in dist/ by then, so they are compressed too.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'openlfg-precompress',
    apply: browserBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => PRECOMPRESSED.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(path.join(outDir, file));
          if (content.length < PRECOMPRESS_MIN_BYTES) return;
          const quality = {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          };
          await Promise.all([
            writeFile(path.join(outDir, `${file}.br`), await brotli(content, { params: quality })),
            writeFile(path.join(outDir, `${file}.gz`), await gzip(content, { level: 9 })),
          ]);
        }),
      );
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

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    withoutEndpointAuth(),
    reactRouterTreeShaking(),
    hoistTransitiveImports(),
    pagePreloads(),
    precompress(),
    serverPurifierWindow(),
  ],
  // Readable names while developing and testing; short ones in the production build.
  css: { modules: command === 'build' ? { generateScopedName: shortClassName } : {} },
  resolve: {
    alias: {
      '@openlfg/contracts': contractsSource,
      ...(command === 'build' && !isSsrBuild && existsSync(reactRouterProduction)
        ? { 'react-router': reactRouterProduction }
        : {}),
    },
  },
  // The server rendering (src/ssr/entry-server.tsx) goes beside dist/, which the server serves to browsers: the
  // server loads it from there (platform/http/server-render.ts), with React and the libraries from node_modules.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        // The Fastify server serves dist/ and marks dist/assets/* (content-hashed) immutable.
        outDir: 'dist',
        assetsDir: 'assets',
        emptyOutDir: true,
        // Every supported browser knows <link rel="modulepreload">: no polyfill in the first visit's code. A lazily
        // loaded page or dialog names only its stylesheets to load beside it (they must be there when it shows): the
        // list of every lazy chunk's shared JavaScript lives in the first visit's code, hashed names that hardly
        // compress, and the page imports those chunks itself a moment later (all at once: hoistTransitiveImports).
        // A group's page, where shared links lead, also names its own chunk: it loads beside its stylesheets rather
        // than after them (the import waits for them).
        modulePreload: {
          polyfill: false,
          resolveDependencies: (file, dependencies) => [
            ...(/(^|\/)GroupProjectPage-[^/]*\.js$/.test(file) ? [file] : []),
            ...dependencies.filter((dependency) => dependency.endsWith('.css')),
          ],
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
