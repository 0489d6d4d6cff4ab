import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    const database = await openPGlite(undefined, {
      loadDataDir: await template(migrate ? 'migrated' : 'blank'),
    });
    return { ...database, dispose: () => database.close() };
  }
  const database = await openPostgresSchema();
  if (migrate) await migrateOwnSchema(database);
  return database;
}

/** Another test file's schema, dropped while Kysely read the catalogue: "schema "test_…" does not exist". */
const OTHER_SCHEMA_GONE = /schema "(test_[0-9a-f]+)" does not exist/;
const MIGRATION_TRIES = 5;

/**
 * Migrates this file's schema. Kysely's migrator looks for its table with a query over every schema on the
 * server (has_schema_privilege on each name it reads), which fails when a file running beside this one drops
 * its own schema in the middle of it (PostgreSQL's 3F000, naming that other schema; seen on a busy machine).
 * Nothing has run then, so it runs again; a failure about this file's own schema, or anything else, stands.
 */
async function migrateOwnSchema(database: Database): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateToLatest(database.db, { schema: database.schema });
      return;
    } catch (error) {
      const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
      const gone = error instanceof Error ? OTHER_SCHEMA_GONE.exec(error.message)?.[1] : undefined;
      const anotherFiles = cause?.code === '3F000' && gone !== undefined && gone !== database.schema;
      if (!anotherFiles || attempt === MIGRATION_TRIES) throw error;
    }
  }
}

/**
 * An embedded database in `folder`, locked as the app locks one, copied from the run's migrated template: for
 * tests of real processes on a DATA_DIR (its `pgdata/`) that need a database, not a first start.
 */
export async function openMigratedFolder(folder: string): Promise<Database> {
  return openPGlite(folder, { loadDataDir: await template('migrated') });
}

/** A new DATA_DIR as a server leaves it once it has started: holding the migrated (empty) database. */
export async function migratedDataDir(prefix = 'openlfg-'): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  await (await openMigratedFolder(path.join(dataDir, 'pgdata'))).close();
  return dataDir;
}

async function template(kind: keyof PGliteTemplates): Promise<Blob> {
  const templates: PGliteTemplates | undefined = inject('pgliteTemplates');
  // Only the server:pglite project makes them (vitest.config.ts); a unit test has no database.
  if (!templates) throw new Error('No PGlite template: only the server:pglite project has a database');
  return new Blob([await readFile(templates[kind])]);
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
