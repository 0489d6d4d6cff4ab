import { ConfigError, loadConfig } from '../config.js';
import { readArguments } from './arguments.js';
import { parseCatalogPath } from '../catalog/sources/index.js';
import { writeCatalogEntries } from '../catalog/write.js';
import { DataDirInUseError } from '../platform/db/data-dir-lock.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { describeDatabase, openConfiguredDatabase } from '../platform/db/open-configured.js';

const USAGE = `Usage: npm run catalog:import -- <path> [<path> ...]

Reads catalogues into the database (DATABASE_URL, else the embedded one in DATA_DIR): new projects are added,
known ones updated, never duplicated. Each <path> is one of:
  a folder of up-for-grabs project files (*.yml), or one holding projects/ or _data/projects/
  a folder holding a generated.json or a repositories.toml
  a generated.json file (the forgoodfirstissue format)
  a repositories.toml file (the goodfirstissue format)
  a .yml or .yaml file: one up-for-grabs project
  any other file: a list of owner/name or GitHub URLs, one a line`;

/**
 * `npm run catalog:import -- <path>`: reads a catalogue (an up-for-grabs projects/ folder, a generated.json, a
 * repositories.toml, or a plain list of owner/name or GitHub URLs) into the configured database. Safe to run
 * again: it updates, never duplicates. Ends with what it added, updated and skipped, and why.
 */
async function run(paths: string[]): Promise<number> {
  if (paths.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  let failed = false;
  try {
    await migrateToLatest(database.db);
    console.log(`Importing into ${describeDatabase(config)}`);
    for (const path of paths) {
      let parsed;
      try {
        parsed = await parseCatalogPath(path);
      } catch (error) {
        console.error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
        failed = true;
        continue;
      }
      console.log(
        `${path}: ${parsed.format}, ${parsed.entries.length} entries, ${parsed.skipped.length} skipped`,
      );
      let lastShown = 0;
      const summary = await writeCatalogEntries(database.db, parsed.entries, {
        onProgress(done, total) {
          if (total >= 500 && (done - lastShown >= 500 || done === total)) {
            lastShown = done;
            console.log(`  ... ${done}/${total}`);
          }
        },
      });
      console.log(
        `  added ${summary.added}, updated ${summary.updated}, skipped ${parsed.skipped.length}, new issues ${summary.issues}`,
      );
      for (const skipped of parsed.skipped) console.log(`  skipped ${skipped.source}: ${skipped.reason}`);
    }
  } finally {
    await database.close();
  }
  return failed ? 1 : 0;
}

run(readArguments(USAGE, { paths: true })).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof DataDirInUseError
        ? error.message
        : `Import failed: ${String(error)}`,
    );
    process.exit(1);
  },
);
