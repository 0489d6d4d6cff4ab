import { ConfigError, loadConfig } from '../config.js';
import { DataDirInUseError } from '../platform/db/data-dir-lock.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { describeDatabase, openConfiguredDatabase } from '../platform/db/open-configured.js';

/** `npm run db:migrate`: applies pending migrations to the configured database and says which. */
async function run(): Promise<void> {
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
