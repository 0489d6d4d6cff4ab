import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';

/** The advisory lock's first key: "OLFG" as a 32-bit integer, so it does not collide with other users'. */
const LOCK_KEY = 0x4f4c4647;

/** Embedded databases whose sync is running in this process (PGlite is one process, one connection). */
const runningOnPGlite = new WeakSet<Kysely<DB>>();

export type Locked<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Runs `body` only if no other catalogue sync is running on this database, from any node.
 *
 * PostgreSQL: a session-level advisory lock held on one connection for the whole run, keyed by the schema as
 * well so two deployments sharing a server (or test schemas) do not block each other. `body` gets that same
 * connection, so a run uses one connection of the pool however small the pool is. If the node dies, the
 * server ends its session and the lock with it.
 *
 * PGlite: one process owns the database and it has one connection, which must not be held for a whole run
 * (every request needs it): an in-process flag does the job.
 */
export async function withSyncLock<T>(
  database: Database,
  body: (db: Kysely<DB>) => Promise<T>,
): Promise<Locked<T>> {
  if (database.kind === 'pglite') {
    if (runningOnPGlite.has(database.db)) return { acquired: false };
    runningOnPGlite.add(database.db);
    try {
      return { acquired: true, value: await body(database.db) };
    } finally {
      runningOnPGlite.delete(database.db);
    }
  }
  return database.db.connection().execute(async (connection): Promise<Locked<T>> => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${LOCK_KEY}::int4, hashtext(current_schema())) as locked`.execute(
      connection,
    );
    if (rows[0]?.locked !== true) return { acquired: false };
    try {
      return { acquired: true, value: await body(connection) };
    } finally {
      // A broken connection has lost the lock with its session already; nothing more to release.
      await sql`select pg_advisory_unlock(${LOCK_KEY}::int4, hashtext(current_schema()))`
        .execute(connection)
        .catch(() => undefined);
    }
  });
}
