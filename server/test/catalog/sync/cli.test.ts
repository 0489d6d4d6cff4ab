import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite, type Database } from '../../../src/platform/db/database.js';
import { NO_TOKEN_MESSAGE } from '../../../src/catalog/sync/run.js';
import { createTypeScriptAlertReader } from '../../support/alerts.js';
import { openMigratedFolder } from '../../support/database.js';
import { repository, seed, startWorld, stopWorld, syncEnv, type SyncWorld } from './support.js';

/** `npm run catalog:sync` as an operator runs it: a real process on an embedded database in DATA_DIR. */
let world: SyncWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => stopWorld(world));

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

function runSync(
  env: NodeJS.ProcessEnv,
  onOutput?: (output: string, kill: (s: NodeJS.Signals) => void) => void,
) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(serverDir, 'src/cli/catalog-sync.ts')],
    { cwd: serverDir, env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env } },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output, (signal) => child.kill(signal));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

/** A DATA_DIR whose embedded database holds `repos`. */
async function dataDirWith(repos: string[]): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'openlfg-sync-'));
  const database = await openMigratedFolder(path.join(dataDir, 'pgdata'));
  try {
    await seed(database, repos);
  } finally {
    await database.close();
  }
  return dataDir;
}

/** Runs `use` on the embedded database of `dataDir`, then closes it (freeing the folder for the command). */
async function inDataDir<T>(dataDir: string, use: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await openPGlite(path.join(dataDir, 'pgdata'));
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run catalog:sync', () => {
  it('syncs, then prints what it synced, what failed and why, and the budget left', async () => {
    const dataDir = await dataDirWith(['acme/one', 'acme/two', 'acme/gone']);
    world.github.repositories.set('acme/one', repository(1));
    world.github.repositories.set('acme/two', repository(2));
    world.ecosystems.packages.set('acme/one', [{ name: 'one', ecosystem: 'npm', dependent_repos_count: 12 }]);

    const { code, output } = await runSync({ DATA_DIR: dataDir, ...syncEnv(world) });

    expect(code).toBe(0);
    expect(output).toContain('3 projects to sync, 2 per GitHub query');
    expect(output).toContain('  ... 3/3');
    expect(output).toContain('Catalogue sync completed: 3 projects, 2 synced, 1 failed.');
    expect(output).toContain(
      "  failed acme/gone: NOT_FOUND: Could not resolve to a Repository with the name 'acme/gone'.",
    );
    expect(output).toContain('Unreachable on GitHub (1, marked in the catalogue): acme/gone');
    expect(output).toMatch(
      /Budget left: GitHub REST \d+ requests \(resets [^)]+\), GitHub GraphQL \d+ points \(resets [^)]+\), ecosyste\.ms \d+ requests/,
    );
  }, 120_000);

  it("tells the alerts the new issues match, as the server's own sync does", async () => {
    const dataDir = await dataDirWith(['acme/alerted']);
    const reader = await inDataDir(dataDir, (db) => createTypeScriptAlertReader(db, 'alert-reader'));
    const issue = (number: number) => ({
      number,
      title: `Issue ${number}`,
      labels: ['good first issue'],
      createdAt: new Date(Date.now() - number * 60_000).toISOString(),
    });
    world.github.repositories.set('acme/alerted', { ...repository(7), issues: [issue(1), issue(2)] });

    const { code, output } = await runSync({ DATA_DIR: dataDir, ...syncEnv(world) });

    expect(code, output).toBe(0);
    const told = await inDataDir(dataDir, (db) =>
      db
        .selectFrom('notifications')
        .select(['kind', 'subject', 'issue_count', 'finder_query'])
        .where('recipient_id', '=', reader.id)
        .execute(),
    );
    expect(told).toEqual([
      { kind: 'new-issues', subject: 'TypeScript', issue_count: 2, finder_query: '?languages=TypeScript' },
    ]);
  }, 120_000);

  it('refuses to start without a token, saying why, and exits 1', async () => {
    const { code, output } = await runSync({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openlfg-sync-')),
      GITHUB_API_URL: world.github.url,
    });
    expect(code).toBe(1);
    expect(output.trim()).toBe(NO_TOKEN_MESSAGE);
  }, 120_000);

  it('stops on SIGINT after the project in progress, says so, exits 0, and the next run resumes', async () => {
    const repos = ['slow/p1', 'slow/p2', 'slow/p3', 'slow/p4', 'slow/p5', 'slow/p6'];
    const dataDir = await dataDirWith(repos);
    repos.forEach((repo, i) => world.github.repositories.set(repo, repository(i)));
    world.github.contributorsDelayMs = 400;
    let signalled = false;
    const first = await runSync({ DATA_DIR: dataDir, ...syncEnv(world) }, (output, kill) => {
      if (!signalled && output.includes('projects to sync')) {
        signalled = true;
        kill('SIGINT');
      }
    });
    expect(first.code).toBe(0);
    expect(first.output).toContain('SIGINT: stopping after the project in progress...');
    expect(first.output).toMatch(
      /Catalogue sync interrupted after \d of 6 projects \(.*\): Stopped by SIGINT\. The next run resumes with the \d left\./,
    );

    world.github.contributorsDelayMs = 0;
    const second = await runSync({ DATA_DIR: dataDir, ...syncEnv(world) });
    expect(second.code).toBe(0);
    expect(second.output).toMatch(/Resuming the unfinished sync: \d projects left/);
    expect(second.output).toMatch(/Catalogue sync completed: \d projects, \d synced, 0 failed\./);
  }, 120_000);
});
