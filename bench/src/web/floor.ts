import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadConfigFromFile, type PluginOption } from 'vite';
import { freePort, waitForHttp } from './processes.js';

/**
 * The floor: a bare React page (one heading), built with the web app's own React, React DOM and React Router
 * and its own Vite config, and served by the production server's HTTP code. What Lighthouse scores it on the
 * machine it runs on is as well as any React page there can do; each page of the site is judged against it, so
 * that the target holds on a fast machine and a slow one alike.
 */

const webDir = fileURLToPath(new URL('../../../web', import.meta.url));

/** The page: the entry as the site's (web/src/main.tsx) is, a router and a root, with one route. */
const FLOOR_ENTRY = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<h1>OpenLFG</h1>} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
`;

const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A bare React page: the floor the site's pages are measured against." />
    <title>Floor</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;

/**
 * Web's plugins that do not apply to a page with no routes of the site's: the list of each page's files
 * (page-preloads.json) fails a build that has none of those pages. The rest (React, the transitive imports, the
 * brotli and gzip copies) shape the floor as they shape the site.
 */
const SITE_ONLY_PLUGINS = new Set(['openlfg-page-preloads']);

function withoutSiteOnly(plugins: PluginOption[]): PluginOption[] {
  return plugins.flatMap((plugin): PluginOption[] => {
    if (Array.isArray(plugin)) return withoutSiteOnly(plugin);
    if (plugin && typeof plugin === 'object' && 'name' in plugin && SITE_ONLY_PLUGINS.has(plugin.name))
      return [];
    return [plugin];
  });
}

/**
 * Builds the floor into a new folder inside web/ (removed by the caller): there it resolves React and the
 * router as the site's own code does. Answers the built folder (its dist/).
 */
export async function buildFloor(): Promise<{ root: string; distDir: string }> {
  const root = mkdtempSync(path.join(webDir, '.lighthouse-floor-'));
  writeFileSync(path.join(root, 'index.html'), FLOOR_HTML);
  writeFileSync(path.join(root, 'main.tsx'), FLOOR_ENTRY);
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production', isSsrBuild: false, isPreview: false },
    path.join(webDir, 'vite.config.ts'),
    webDir,
  );
  if (!loaded) throw new Error('web/vite.config.ts did not load');
  await build({
    ...loaded.config,
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: withoutSiteOnly(loaded.config.plugins ?? []),
  });
  return { root, distDir: path.join(root, loaded.config.build?.outDir ?? 'dist') };
}

/** The floor's server (floor-server.ts) in a process of its own, as the site's is. */
export async function startFloor(distDir: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // fork: the same Node with the same loader as this process (tsx), for a TypeScript entry.
  const child = fork(fileURLToPath(new URL('./floor-server.ts', import.meta.url)), [distDir], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
  });
  await waitForHttp('the floor', `${origin}/`, 30_000);
  return { origin, child };
}
