import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the build reads, and a record of what the last successful build read, so that `npm start` builds only
 * when something changed. The record sits in node_modules/.cache, so a fresh install (`npm ci`) builds again.
 */

/** The checkout this file belongs to: from server/src/cli (tsx) or server/dist/cli (node) alike. */
export const CHECKOUT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The build's inputs, relative to the checkout: files, and folders read whole. The installed packages count
 * through npm's record of them (node_modules/.package-lock.json), which an install that changes them rewrites.
 */
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'node_modules/.package-lock.json',
  'contracts/package.json',
  'contracts/tsconfig.json',
  'server/package.json',
  'server/tsconfig.json',
  'web/package.json',
  'web/tsconfig.json',
  'web/index.html',
  'web/vite.config.ts',
];
const INPUT_FOLDERS = ['contracts/src', 'server/src', 'web/src', 'web/public'];
/** Tests beside the sources are not built. */
const NOT_BUILT = /\.test\.tsx?$/;
/** What a build leaves behind; a build with any of them missing is no build. */
const OUTPUTS = [
  'contracts/dist/index.js',
  'server/dist/main.js',
  'web/dist/index.html',
  'web/dist-ssr/entry-server.js',
];
const RECORD = 'node_modules/.cache/openlfg/last-build.json';

async function filesUnder(root: string, folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && !NOT_BUILT.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** A hash of every input's path and content: equal hashes, equal builds. */
export async function fingerprintBuildInputs(root: string = CHECKOUT_ROOT): Promise<string> {
  const folders = await Promise.all(INPUT_FOLDERS.map((folder) => filesUnder(root, folder)));
  const files = [...INPUT_FILES, ...folders.flat()].map((file) => file.split(path.sep).join('/')).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    let content: Buffer;
    try {
      content = await readFile(path.join(root, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      continue; // a file that is not there (no install yet) counts by its absence
    }
    hash.update(file).update('\0').update(createHash('sha256').update(content).digest()).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Why the checkout needs a build before it starts, or null when the last build read exactly these inputs and
 * its outputs are all there.
 */
export async function reasonToBuild(
  fingerprint: string,
  root: string = CHECKOUT_ROOT,
): Promise<string | null> {
  if (OUTPUTS.some((output) => !existsSync(path.join(root, output)))) return 'no build yet';
  let recorded: unknown;
  try {
    recorded = JSON.parse(await readFile(path.join(root, RECORD), 'utf8'));
  } catch {
    return 'no record of the last build';
  }
  const last = typeof recorded === 'object' && recorded !== null ? (recorded as { inputs?: unknown }) : {};
  return last.inputs === fingerprint ? null : 'the sources changed since the last build';
}

/** Written after a build succeeds, from the fingerprint taken before it began (a change made during it counts). */
export async function recordBuild(fingerprint: string, root: string = CHECKOUT_ROOT): Promise<void> {
  const file = path.join(root, RECORD);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}`;
  await writeFile(
    temporary,
    `${JSON.stringify({ inputs: fingerprint, builtAt: new Date().toISOString() })}\n`,
  );
  await rename(temporary, file);
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${[command, ...args].join(' ')} ${signal ? `was stopped by ${signal}` : `exited ${code}`}`,
          ),
        );
    });
  });
}

/** Compiles contracts and server (tsc -b: incremental), then builds the web app into web/dist (Vite). */
export async function build(root: string = CHECKOUT_ROOT): Promise<void> {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  await run(process.execPath, [tsc, '-b', 'contracts', 'server'], root);
  // npm, as `npm run` was started (npm_execpath), runs the web workspace's own build script.
  const npm = process.env.npm_execpath;
  await (npm
    ? run(process.execPath, [npm, 'run', 'build', '-w', 'web'], root)
    : run('npm', ['run', 'build', '-w', 'web'], root));
}

/** Builds, and records what the build read. */
export async function buildAndRecord(root: string = CHECKOUT_ROOT): Promise<void> {
  const fingerprint = await fingerprintBuildInputs(root);
  await build(root);
  await recordBuild(fingerprint, root);
}
