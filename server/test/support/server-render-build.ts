import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));

/**
 * A web/dist with the server rendering beside it, as `npm run build` leaves them, in a folder of the test's
 * own: the page template (index.html as written) and the server rendering built from the sources (a second or
 * two of Vite), so the test renders the app's real pages without a build of the whole site first.
 */
export async function buildServerRendering(): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'openlfg-ssr-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  copyFileSync(path.join(webRoot, 'index.html'), path.join(dist, 'index.html'));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/ssr/entry-server.tsx', outDir: path.join(root, 'dist-ssr'), emptyOutDir: true },
  });
  return dist;
}
