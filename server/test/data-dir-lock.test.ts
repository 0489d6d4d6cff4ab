import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { lockDataDir } from '../src/platform/db/data-dir-lock.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { openConfiguredDatabase } from '../src/platform/db/open-configured.js';

/**
 * One process per embedded database folder: the lock taken where PGlite opens a folder, its refusal, its
 * release, and the takeover of a lock whose holder is gone.
 */
const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  vi.restoreAllMocks();
});

function freshFolder(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'openlfg-lock-')), 'pgdata');
}

async function open(dataDir: string): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  opened.push(database);
  return database;
}

function refusal(folder: string, pid: number): string {
  return `The database in ${folder} is in use by another OpenLFG process (pid ${pid}). Stop it, or set DATABASE_URL.`;
}

/** Leaves the lock as a holder that never released it would: the lock directory and the owner file. */
function leaveLock(folder: string, owner: { pid: number; hostname: string }): void {
  mkdirSync(folder, { recursive: true });
  mkdirSync(`${folder}.lock`);
  writeFileSync(`${folder}.lock.owner`, JSON.stringify(owner));
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  if (child.pid === undefined) throw new Error('the child process did not start');
  return child.pid;
}

describe('the data-folder lock', () => {
  it('refuses a second open of the same folder, naming the live holder', async () => {
    const folder = freshFolder();
    await open(folder);
    await expect(openDatabase({ kind: 'pglite', dataDir: folder })).rejects.toThrow(
      refusal(folder, process.pid),
    );
  });

  it('is released on close: the next open works and finds the data', async () => {
    const folder = freshFolder();
    const first = await open(folder);
    await sql`create table kept (id int)`.execute(first.db);
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    expect(existsSync(`${folder}.lock`)).toBe(false);
    expect(existsSync(`${folder}.lock.owner`)).toBe(false);

    const second = await open(folder);
    const kept =
      await sql`select count(*) as n from information_schema.tables where table_name = 'kept'`.execute(
        second.db,
      );
    expect(kept.rows).toEqual([{ n: 1 }]);
  });

  it('takes over at once a fresh lock whose holder died on this host', async () => {
    const folder = freshFolder();
    const pid = await deadPid();
    leaveLock(folder, { pid, hostname: hostname() });

    await open(folder);
    expect(JSON.parse(readFileSync(`${folder}.lock.owner`, 'utf8'))).toEqual({
      pid: process.pid,
      hostname: hostname(),
    });
  });

  it('leaves a live holder alone though its lock went unrefreshed for 30 s (PGlite blocks that long)', async () => {
    const folder = freshFolder();
    leaveLock(folder, { pid: process.ppid, hostname: hostname() });
    const halfAMinuteAgo = new Date(Date.now() - 30_000);
    utimesSync(`${folder}.lock`, halfAMinuteAgo, halfAMinuteAgo);
    await expect(lockDataDir(folder)).rejects.toThrow(refusal(folder, process.ppid));
  });

  it("waits out a holder on another host (whose pid it cannot check) until the lock's refreshes stop", async () => {
    const folder = freshFolder();
    leaveLock(folder, { pid: 4_000_000, hostname: 'another-host' });
    await expect(lockDataDir(folder)).rejects.toThrow(refusal(folder, 4_000_000));

    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(`${folder}.lock`, anHourAgo, anHourAgo);
    const lock = await lockDataDir(folder);
    await lock.release();
  });

  it('tells the holder when another process took its lock over, and leaves that lock alone', async () => {
    const folder = freshFolder();
    mkdirSync(folder, { recursive: true });
    const onLost = vi.fn();
    const lock = await lockDataDir(folder, { staleMs: 2000, onLost });

    // What a takeover looks like from here: the lock directory's mtime is no longer the one this process set.
    const later = new Date(Date.now() + 60_000);
    utimesSync(`${folder}.lock`, later, later);
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledOnce(), { timeout: 10_000, interval: 100 });

    await lock.release();
    expect(existsSync(`${folder}.lock`)).toBe(true);
  });

  it('by default stops the process with one line when the lock is lost', async () => {
    const folder = freshFolder();
    mkdirSync(folder, { recursive: true });
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const lock = await lockDataDir(folder, { folderName: './.data', staleMs: 2000 });

    const later = new Date(Date.now() + 60_000);
    utimesSync(`${folder}.lock`, later, later);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1), { timeout: 10_000, interval: 100 });
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]?.[0]).toMatch(
      /^The database in \.\/\.data was taken over by another process \(.+\): stopping at once\.$/,
    );
    await lock.release();
  });
});

describe('a second process on a held folder', () => {
  const serverDir = fileURLToPath(new URL('..', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

  it('npm run db:migrate exits 1 with one line naming the holder and DATA_DIR as written', async () => {
    // The child runs in `root`, so DATA_DIR=./.data there is the folder this process holds.
    const root = mkdtempSync(path.join(tmpdir(), 'openlfg-lock-'));
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: path.join(root, '.data') },
      { persistSecret: false },
    );
    opened.push(await openConfiguredDatabase(config));

    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', tsx, path.join(serverDir, 'src/cli/migrate.ts')],
      { cwd: root, env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: './.data' } },
    );
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

    expect(output.stderr.trim()).toBe(refusal('./.data', process.pid));
    expect(output.stdout).toBe('');
    expect(code).toBe(1);
  }, 60_000);
});
