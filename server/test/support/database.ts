import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, openPGlite, type Database } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import type { PGliteTemplates } from './pglite-templates.js';

export interface TestDatabase extends Database {
  /** Closes the connection and, on a PostgreSQL server, drops this file's schema. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file. The vitest project sets OPENLFG_TEST_DB: "pglite" gives an
 * in-memory PGlite copied from the run's template (support/pglite-templates.ts: already migrated, or blank
 * with `migrate: false`); "postgres" gives a schema of its own on the server named by TEST_DATABASE_URL, so
 * files running in parallel never see each other's rows.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate !== false;
  if (process.env.OPENLFG_TEST_DB !== 'postgres') {
    const template: PGliteTemplates | undefined = inject('pgliteTemplates');
    // Only the server:pglite project makes the templates (vitest.config.ts); a unit test has no database.
    if (!template) throw new Error('No PGlite template: only the server:pglite project has a database');
    const database = await openPGlite(undefined, {
      loadDataDir: new Blob([await readFile(migrate ? template.migrated : template.blank)]),
    });
    return { ...database, dispose: () => database.close() };
  }
  const database = await openPostgresSchema();
  if (migrate) await migrateToLatest(database.db, { schema: database.schema });
  return database;
}

async function openPostgresSchema(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('OPENLFG_TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create schema ${schema}`));
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5, searchPath: schema });
  let disposed = false;
  return {
    ...database,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await database.close().catch(() => {});
      await withAdminClient(url, (client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

async function withAdminClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
