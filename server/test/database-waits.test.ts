import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { isDatabaseUnavailable, isWaitTimeout } from '../src/platform/db/unavailable.js';
import { DEFAULT_WAITS } from '../src/platform/db/waits.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

/**
 * The bounds every session of the PostgreSQL pool starts with (platform/db/waits.ts), and the work allowed to
 * run past them. PostgreSQL only: PGlite has one connection and nobody to wait for.
 */
const onPostgres = process.env.OPENLFG_TEST_DB === 'postgres';
const url = process.env.TEST_DATABASE_URL ?? '';

/** Kysely's migration lock on PostgreSQL (its PostgresAdapter's advisory lock id). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

async function settings(database: Database, names: string[]): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string; setting: string }>`
    select name, setting from pg_settings where name in (${sql.join(names)})`.execute(database.db);
  return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
}

describe.runIf(onPostgres)('the pool’s sessions', () => {
  let base: TestDatabase;
  const opened: Database[] = [];
  const open = async (waits: Parameters<typeof openDatabase>[0] & { kind: 'postgres' }) => {
    const database = await openDatabase(waits);
    opened.push(database);
    return database;
  };

  beforeAll(async () => {
    base = await createTestDatabase();
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await base?.dispose();
  });

  it('start with bounded lock, statement and idle-transaction waits, and the server’s TCP keepalive', async () => {
    expect(
      await settings(base, [
        'lock_timeout',
        'statement_timeout',
        'idle_in_transaction_session_timeout',
        'tcp_keepalives_idle',
        'tcp_keepalives_interval',
        'tcp_keepalives_count',
      ]),
    ).toEqual({
      lock_timeout: String(DEFAULT_WAITS.lockMs),
      statement_timeout: String(DEFAULT_WAITS.statementMs),
      idle_in_transaction_session_timeout: String(DEFAULT_WAITS.idleInTransactionMs),
      tcp_keepalives_idle: '5',
      tcp_keepalives_interval: '2',
      tcp_keepalives_count: '3',
    });
  });

  it('take a bound from DATABASE_URL when it names one', async () => {
    const withBound = new URL(url);
    withBound.searchParams.set('statement_timeout', '60000');
    const node = await open({
      kind: 'postgres',
      url: withBound.toString(),
      poolSize: 1,
      searchPath: base.schema,
    });
    expect(await settings(node, ['statement_timeout', 'lock_timeout'])).toEqual({
      statement_timeout: '60000',
      lock_timeout: String(DEFAULT_WAITS.lockMs),
    });
  });

  it('give up on a lock held elsewhere past the lock bound (55P03), and on a statement past its bound (57014)', async () => {
    const node = await open({
      kind: 'postgres',
      url,
      poolSize: 2,
      searchPath: base.schema,
      waits: { lockMs: 200, statementMs: 400 },
    });
    const key = 700_000_000 + Math.floor(Math.random() * 1_000_000);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [key]);
      const lock = await errorOf(() => sql`select pg_advisory_lock(${key})`.execute(node.db));
      expect((lock as { code?: string }).code).toBe('55P03');
      expect(isWaitTimeout(lock)).toBe(true);
    } finally {
      await holder.end();
    }
    const statement = await errorOf(() => sql`select pg_sleep(5)`.execute(node.db));
    expect((statement as { code?: string }).code).toBe('57014');
    expect(isWaitTimeout(statement)).toBe(true);
  });

  it('wait a bounded time for a connection when the pool is busy', async () => {
    const node = await open({
      kind: 'postgres',
      url,
      poolSize: 1,
      searchPath: base.schema,
      waits: { checkoutMs: 200 },
    });
    let release!: () => void;
    const busy = node.db.connection().execute(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const error = await errorOf(() => sql`select 1`.execute(node.db));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      release();
      await busy;
    }
  });

  it('run migrations past the statement bound (waiting for another node’s migration), then get it back', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const node = await open({
        kind: 'postgres',
        url,
        poolSize: 1,
        searchPath: fresh.schema,
        waits: { statementMs: 300 },
      });
      // Another node migrating: it holds the migrator's lock for longer than a statement may run.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
        const released = new Promise((resolve) => setTimeout(resolve, 1000)).then(() =>
          other.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`),
        );
        const applied = await migrateToLatest(node.db, { schema: fresh.schema });
        await released;
        expect(applied.length).toBeGreaterThan(0);
      } finally {
        await other.end();
      }
      expect(await settings(node, ['statement_timeout'])).toEqual({ statement_timeout: '300' });
    } finally {
      await fresh.dispose();
    }
  });
});
