import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './schema.js';
import { CLIENT_KEEPALIVE_DELAY_MS, DEFAULT_WAITS, sessionParameters, type DatabaseWaits } from './waits.js';

/** Postgres type ids whose default parsing differs between PGlite and node-postgres. */
const INT8_OID = 20;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** The schema tables live in when it is not the server's default (isolated test schemas). */
  schema?: string;
  /** Resolves when a trivial query answers; rejects when the database cannot be reached. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * PostgreSQL only: a new, unconnected client outside the pool, for a connection that must stay its own
   * (LISTEN for the event bus). PGlite has none: one process, one connection.
   */
  dedicatedClient?: () => pg.Client;
  /**
   * PostgreSQL only: the same check as `ping`, on a connection of its own (a one-client pool), so that
   * requests queued for a full pool (lock waiters behind a frozen node) cannot starve the health check.
   */
  healthCheck?(timeoutMs?: number): Promise<void>;
  /** PostgreSQL only: the bounds of its sessions' waits (platform/db/waits.ts). */
  waits?: DatabaseWaits;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      searchPath?: string;
      /** Defaults to DEFAULT_WAITS; tests shorten them. */
      waits?: Partial<DatabaseWaits>;
    };

/**
 * Opens the embedded database (a data folder, or memory when no folder is given) or a PostgreSQL server.
 * Both parse int8 (counts, bigserial ids) as JS numbers, so the code above sees one behaviour.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite' ? openPGlite(target.dataDir) : openPostgres(target);
}

/**
 * PGlite on a data folder, or in memory without one. A folder is locked for this process before PGlite opens
 * it and until close (`data-dir-lock.ts`): a second process on it would corrupt it. `folderName` is how a
 * refusal names the folder. `loadDataDir`, a data folder's tarball (`PGlite.dumpDataDir`), is started from
 * instead of a new cluster: the test suite's migrated template.
 */
export async function openPGlite(
  dataDir: string | undefined,
  options: { folderName?: string; loadDataDir?: Blob } = {},
): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = await lockDataDir(dataDir, options);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, {
      parsers: { [INT8_OID]: (value: string) => Number(value) },
      // The extensions the migrations create (pg_trgm: 0009), loaded at every open.
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: 'pglite',
    db,
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: async () => {
      try {
        await db.destroy();
        // Kysely's destroy does nothing when no query ever ran (its driver never started), which would leave
        // PGlite open, answering, and its folder unlocked.
        if (!pglite.closed) await pglite.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

async function openPostgres(target: {
  url: string;
  poolSize?: number;
  searchPath?: string;
  waits?: Partial<DatabaseWaits>;
}): Promise<Database> {
  const waits: DatabaseWaits = { ...DEFAULT_WAITS, ...target.waits };
  const sessionConfig = {
    connectionString: target.url,
    connectionTimeoutMillis: waits.checkoutMs,
    // The node's side of TCP keepalive; the server's side is in the session parameters.
    keepAlive: true,
    keepAliveInitialDelayMillis: CLIENT_KEEPALIVE_DELAY_MS,
    // Extensions live in public, database-wide (migration 0009), so a schema of its own still sees them.
    ...sessionParameters(waits, target.searchPath ? [`-c search_path=${target.searchPath},public`] : []),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
    },
  };
  // connectionTimeoutMillis bounds both a new connection and the wait for a busy pool to free one.
  const pool = new pg.Pool({ ...sessionConfig, max: target.poolSize ?? 10 });
  // The health check's own connection, kept open between checks so it needs no new one when the server is
  // busy or at its connection limit.
  const healthPool = new pg.Pool({
    ...sessionConfig,
    max: 1,
    idleTimeoutMillis: 0,
    application_name: 'openlfg-health',
  });
  // An idle client that loses its server emits 'error' on the pool; without a listener that would crash the
  // process. The next query gets a fresh connection, and /api/health reports the outage meanwhile.
  pool.on('error', () => {});
  healthPool.on('error', () => {});
  // The pool listens only while a client is idle. A client checked out but between statements (a transaction
  // awaiting its next query) that loses its server would emit 'error' to nobody and crash the node when the
  // database restarts. Its next statement fails instead, the transaction rolls back, and the pool discards the
  // broken client when it is released (pg-pool drops clients that are no longer queryable).
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  healthPool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed: Promise<void> | undefined;
  return {
    kind: 'postgres',
    db,
    ...(target.searchPath ? { schema: target.searchPath } : {}),
    ping: (timeoutMs) => ping(db, timeoutMs),
    healthCheck: (timeoutMs) => answersWithin(healthPool.query('select 1'), timeoutMs),
    waits,
    // keepAlive: a LISTEN connection mostly waits, so a vanished server must still be noticed.
    dedicatedClient: () =>
      new pg.Client({
        connectionString: target.url,
        connectionTimeoutMillis: 5000,
        keepAlive: true,
        application_name: 'openlfg-bus',
      }),
    // Once, however often it is called (pg-pool refuses a second end()).
    close: () => (closed ??= Promise.all([db.destroy(), healthPool.end()]).then(() => undefined)),
  };
}

function ping(db: Kysely<DB>, timeoutMs?: number): Promise<void> {
  return answersWithin(sql`select 1`.execute(db), timeoutMs);
}

async function answersWithin(query: Promise<unknown>, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
