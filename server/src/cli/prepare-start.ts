import { existsSync } from 'node:fs';
import path from 'node:path';
import { DataDirInUseError, lockDataDir } from '../platform/db/data-dir-lock.js';
import { DEFAULT_DATA_DIR, dataDirNameOf, embeddedFolder } from '../platform/db/data-dir.js';
import { build, fingerprintBuildInputs, reasonToBuild, recordBuild } from './build-inputs.js';

/**
 * What `npm start` runs before the server: it refuses at once when a server already holds the embedded
 * database (before a build could rewrite web/dist under it), and builds only when the build's inputs changed
 * since the last build. Then npm starts server/dist/main.js, which checks the configuration and takes the lock.
 *
 * It loads neither PGlite nor the configuration's schemas, to keep a start of a built checkout quick: DATA_DIR
 * and DATABASE_URL are read as the configuration reads them (an empty variable counts as unset).
 */
async function prepare(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    const dataDir = path.resolve(process.env.DATA_DIR || DEFAULT_DATA_DIR);
    const folder = embeddedFolder(dataDir);
    // No folder, no server on it. Otherwise the lock is taken and given back at once: exactly the server's check.
    if (existsSync(folder)) {
      const lock = await lockDataDir(folder, { folderName: dataDirNameOf(dataDir) });
      await lock.release();
    }
  }

  const fingerprint = await fingerprintBuildInputs();
  const reason = await reasonToBuild(fingerprint);
  if (reason === null) return;
  console.log(`Building OpenLFG (${reason})...`);
  await build();
  await recordBuild(fingerprint);
}

prepare().catch((error: unknown) => {
  console.error(
    error instanceof DataDirInUseError
      ? error.message
      : `OpenLFG could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
