import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.js';
import { withoutStatementTimeout } from './waits.js';

/**
 * Brings the schema to the latest version. Safe to run from several nodes at once: Kysely's migrator takes a
 * lock (on PostgreSQL, an advisory lock), so only one node applies each migration.
 *
 * It runs on one connection without the pool's statement bound: a migration may rebuild an index for longer
 * than any request should take, and a node waits for another node's migrations to finish. Lock waits keep
 * their bound: a migration that cannot lock a busy table within it fails (the node does not start and is
 * retried) rather than make every query on that table queue behind it.
 */
export async function migrateToLatest<T>(
  db: Kysely<T>,
  options: { schema?: string } = {},
): Promise<string[]> {
  return withoutStatementTimeout(db, (connection) => migrate(connection, options));
}

async function migrate<T>(db: Kysely<T>, options: { schema?: string }): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema; naming ours keeps databases that hold several
    // schemas (the test suite's, or a shared server) from reading another schema's history.
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
