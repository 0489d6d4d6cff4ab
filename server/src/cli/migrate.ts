import { ConfigError, loadConfig } from '../config.js';
import { readArguments } from './arguments.js';
import { DataDirInUseError } from '../platform/db/data-dir-lock.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { describeDatabase, openConfiguredDatabase } from '../platform/db/open-configured.js';

const USAGE = `Usage: npm run db:migrate

Applies the pending migrations to the database (DATABASE_URL, else the embedded one in DATA_DIR) and says
which. The server also migrates at every start; this is for deploy pipelines that migrate first.`;

/** `npm run db:migrate`: applies pending migrations to the configured database and says which. */
async function run(): Promise<void> {
  readArguments(USAGE, { paths: false });
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const applied = await migrateToLatest(database.db);
    console.log(
      applied.length > 0
        ? `Applied ${applied.length} migration(s) to ${describeDatabase(config)}: ${applied.join(', ')}`
        : `${describeDatabase(config)} is up to date.`,
    );
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof DataDirInUseError
      ? error.message
      : `Migration failed: ${String(error)}`,
  );
  process.exit(1);
});
