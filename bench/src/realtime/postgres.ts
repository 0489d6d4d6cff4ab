import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Debian's PostgreSQL binaries; BENCH_PG_BIN points elsewhere. */
const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** A port of the bench's own, far from the machine's 5432 and the dev and test servers. */
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55432);
const DATABASE = 'openlfg_realtime_bench';

export interface BenchPostgres {
  /** The bench database's URL. */
  url: string;
  /** Whether the server is the bench's own, so it may be restarted. */
  restartable: boolean;
  /** Drops the bench database and makes it again, empty: each run of the A/B bench starts from nothing. */
  fresh(): Promise<void>;
  /** Stops and starts the server (`pg_ctl restart -m fast`: every connection is cut). */
  restart(): Promise<void>;
  /** Stops the private server and deletes its folder; drops the database on a shared server. */
  dispose(): Promise<void>;
}

/**
 * The PostgreSQL server of the realtime bench: a private cluster in a temporary folder on its own port, so the
 * bench may restart it without touching the machine's server (the test suite's). PostgreSQL refuses to run as
 * root, so when the bench is root the cluster belongs to the `postgres` user and pg_ctl runs as that user.
 * Without the binaries: the server BENCH_DATABASE_URL or TEST_DATABASE_URL names, which is never restarted.
 */
export async function startBenchPostgres(): Promise<BenchPostgres | null> {
  if (existsSync(path.join(PG_BIN, 'pg_ctl')) && existsSync(path.join(PG_BIN, 'initdb'))) {
    return startPrivateCluster();
  }
  const shared = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!shared) return null;
  const url = await freshDatabase(shared);
  return {
    url,
    restartable: false,
    fresh: () => freshDatabase(shared).then(() => {}),
    restart: () => Promise.reject(new Error('the shared PostgreSQL server is never restarted by the bench')),
    dispose: () => dropDatabase(shared),
  };
}

async function startPrivateCluster(): Promise<BenchPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'openlfg-bench-pg-'));
  const dataDir = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgRun = (binary: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, binary), ...args])
      : run(path.join(PG_BIN, binary), args);
  const pgCtl = (action: string, extra: string[] = []) =>
    pgRun('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      log,
      '-w',
      '-t',
      '60',
      ...extra,
      '-o',
      `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      action,
    ]);
  let started = false;
  const dispose = async () => {
    if (started) await pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pgRun('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await pgCtl('start');
    started = true;
    const admin = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
    const url = await freshDatabase(admin);
    return {
      url,
      restartable: true,
      fresh: () => freshDatabase(admin).then(() => {}),
      restart: async () => {
        await pgCtl('restart', ['-m', 'fast']);
      },
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

function databaseUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function withClient(serverUrl: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function freshDatabase(serverUrl: string): Promise<string> {
  await withClient(serverUrl, async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  });
  return databaseUrl(serverUrl);
}

async function dropDatabase(serverUrl: string): Promise<void> {
  await withClient(serverUrl, async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
  }).catch(() => {});
}
