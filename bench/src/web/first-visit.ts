import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The issue's budget for the JavaScript of a first visit to `/`, gzip, in kB of 1,000 bytes (as Vite prints). */
export const FIRST_VISIT_JS_TARGET_KB = 110;

export const webDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export interface FirstVisitJs {
  /** The files, as the browser fetches them (`/assets/index-….js`), with their gzip sizes in bytes. */
  files: { file: string; gzipBytes: number; sentBytes: number }[];
  gzipBytes: number;
  /** What the server sends a browser that takes brotli: the build's `.br` copy where it wrote one. */
  sentBytes: number;
}

/** The `/assets/….js` files a chunk imports statically: loaded before it runs. Dynamic `import()`s are not. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(
    /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js|\/assets\/[^"']+\.js)["']/g,
  )) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

/**
 * The JavaScript a first visit to `/` loads before the page renders, from the production build in web/dist:
 * the module scripts and modulepreloads of index.html, and every chunk they import statically (transitively),
 * each counted once, gzip-compressed as the server sends them. Chunks loaded with `import()` (other pages,
 * dialogs, toasts) are not part of it.
 */
export function firstVisitJs(distDir = webDistDir): FirstVisitJs {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const queue = [
    ...html.matchAll(/<script[^>]*\btype="module"[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g),
  ].flatMap((match) => (match[1] ? [match[1]] : []));
  const seen = new Set<string>();
  const files: FirstVisitJs['files'] = [];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (seen.has(url)) continue;
    seen.add(url);
    const file = path.join(distDir, url.replace(/^\//, ''));
    const code = readFileSync(file);
    const gzipBytes = gzipSync(code).length;
    const sentBytes = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : gzipBytes;
    files.push({ file: url, gzipBytes, sentBytes });
    for (const imported of staticImports(code.toString('utf8'))) {
      queue.push(imported.startsWith('/') ? imported : path.posix.join(path.posix.dirname(url), imported));
    }
  }
  const sum = (bytes: (entry: FirstVisitJs['files'][number]) => number) =>
    files.reduce((total, entry) => total + bytes(entry), 0);
  return { files, gzipBytes: sum((entry) => entry.gzipBytes), sentBytes: sum((entry) => entry.sentBytes) };
}

export function printFirstVisitJs(distDir = webDistDir): void {
  // A part run on its own (BENCH_ONLY, e.g. after `tsc -b contracts server` only) may have no web build.
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.log(`first visit's JavaScript (/): not measured, no web build in ${distDir} (npm run build)`);
    return;
  }
  const { files, gzipBytes, sentBytes } = firstVisitJs(distDir);
  const kb = gzipBytes / 1000;
  console.log(
    `first visit's JavaScript (/): ${kb.toFixed(1)} kB gzip in ${files.length} file(s)   target <= ${FIRST_VISIT_JS_TARGET_KB} kB   ${kb <= FIRST_VISIT_JS_TARGET_KB ? 'met' : 'NOT MET'}` +
      `   (sent as ${(sentBytes / 1000).toFixed(1)} kB brotli)`,
  );
  for (const file of files)
    console.log(`  ${(file.gzipBytes / 1000).toFixed(1).padStart(6)} kB  ${file.file}`);
}
