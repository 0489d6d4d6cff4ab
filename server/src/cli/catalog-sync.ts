import { ConfigError, loadConfig } from '../config.js';
import { readArguments } from './arguments.js';
import { NO_TOKEN_MESSAGE, runCatalogueSync } from '../catalog/sync/run.js';
import { summaryLines } from '../catalog/sync/summary.js';
import { DataDirInUseError } from '../platform/db/data-dir-lock.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { describeDatabase, openConfiguredDatabase } from '../platform/db/open-configured.js';
import { openSyncAlerts, type SyncAlerts } from './sync-alerts.js';

const USAGE = `Usage: npm run catalog:sync

Refreshes every project of the database (DATABASE_URL, else the embedded one in DATA_DIR) from GitHub and
ecosyste.ms. Needs GITHUB_TOKEN (a token without scopes is enough). New issues tell the alerts they match, as
the server's own sync does. Ctrl-C stops it after the project in progress, keeping what it did; the next run
resumes there.`;

/**
 * `npm run catalog:sync`: refreshes every project of the configured database from GitHub and ecosyste.ms,
 * printing progress and then what it synced, what failed and why, and the API budget left. Ctrl-C (or
 * SIGTERM) stops it at the next project, keeping what it did; the next run resumes there. Exit codes: 0 when
 * the run completed or was interrupted (a rate limit, a signal), 1 when it failed, could not start, or another
 * sync is running.
 */
async function run(): Promise<number> {
  readArguments(USAGE, { paths: false });
  const config = loadConfig();
  if (!config.github.token) {
    console.error(NO_TOKEN_MESSAGE);
    return 1;
  }
  const database = await openConfiguredDatabase(config);
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      // A second Ctrl-C means now: the run's row is marked interrupted by the next run.
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(130);
    }
    console.log(`${signal}: stopping after the project in progress...`);
    controller.abort(new Error(`Stopped by ${signal}`));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let alerts: SyncAlerts | null = null;
  try {
    await migrateToLatest(database.db);
    // New issues tell their matching alerts here as in the server's own sync (sync-alerts.ts).
    alerts = await openSyncAlerts(database);
    console.log(`Syncing the catalogue of ${describeDatabase(config)} from GitHub and ecosyste.ms`);
    let lastShown = 0;
    const outcome = await runCatalogueSync({
      database,
      github: config.github,
      sync: config.sync,
      signal: controller.signal,
      alertNewIssues: alerts.alertNewIssues,
      onStart({ total, resumed }) {
        console.log(
          resumed
            ? `Resuming the unfinished sync: ${total} projects left`
            : `${total} projects to sync, ${config.sync.batchSize} per GitHub query`,
        );
      },
      onProgress(done, total) {
        // Every 150 projects or so, and the last: a steady pulse without a line per query.
        if (done === total || done - lastShown >= 150) {
          lastShown = done;
          console.log(`  ... ${done}/${total}`);
        }
      },
    });
    for (const line of summaryLines(outcome)) console.log(line);
    if (outcome.status === 'failed' && outcome.cause instanceof Error && outcome.cause.stack) {
      console.error(outcome.cause.stack);
    }
    return outcome.status === 'completed' || outcome.status === 'interrupted' ? 0 : 1;
  } finally {
    await alerts?.close();
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof DataDirInUseError
        ? error.message
        : `Sync failed: ${String(error)}`,
    );
    process.exit(1);
  },
);
