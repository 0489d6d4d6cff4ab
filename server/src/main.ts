import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { seedDemoCatalogue } from './catalog/demo.js';
import { seedDemoCommunity } from './catalog/demo-community.js';
import { startSyncScheduler } from './catalog/sync/scheduler.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DataDirInUseError } from './platform/db/data-dir-lock.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { describeDatabase, openConfiguredDatabase } from './platform/db/open-configured.js';

/** web/dist, found from this file whether it runs from server/src (tsx) or server/dist (node). */
const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // First, before anything migrates or seeds: on the embedded database this takes the data folder's lock, and
  // a second process on the same folder stops here.
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database, webDistDir: WEB_DIST_DIR, startsLater: true });

  // Listening first: while migrations run (long ones, or waiting for another node's), the node is alive
  // (/api/health) but not ready (/api/ready is 503, other requests 503 with Retry-After).
  let syncScheduler: { stop(): Promise<void> } | null = null;
  const startup = start();
  startup.catch(() => undefined); // awaited after listening, where a failure stops the process
  // SIGTERM / SIGINT: stop accepting, let requests in flight finish, then close the database. A shutdown that
  // hangs past the timeout exits non-zero so a supervisor notices.
  closeWithGrace({ delay: config.shutdownTimeoutMs, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    // Migrations and the seed finish first: the database is not closed under them.
    await startup.catch(() => undefined);
    // A sync in progress stops at its next project and writes what it did before the database closes.
    await syncScheduler?.stop();
    await app.close();
    await database.close();
  });
  await app.listen({ host: config.host, port: config.port });
  await startup;

  async function start(): Promise<void> {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    // A new local install shows a living catalogue; production starts empty and fills by import or sync.
    if (!config.isProduction) {
      const seeded = await seedDemoCatalogue(database.db);
      if (seeded > 0) {
        app.log.info(
          `Seeded a demo catalogue of ${seeded} projects (figures are illustrative until you run npm run catalog:import)`,
        );
      }
      // Groups, people and claims around the demo projects, while the catalogue is still the demo.
      const groups = await seedDemoCommunity(database.db);
      if (groups > 0)
        app.log.info(`Seeded ${groups} demo groups around demo projects (gone after an import or a sync)`);
    }
    // Every node schedules the sync; the sync's lock and due check make one of them run it per interval.
    syncScheduler = startSyncScheduler({
      config,
      database,
      log: app.log,
      onCatalogueChanged: () => app.catalogueChanged(),
      alertNewIssues: app.alertNewIssues,
    });
    app.markStarted();
  }

  app.log.info(`OpenLFG is ready at ${config.publicUrl} (database: ${describeDatabase(config)})`);
  if (config.devSignIn) {
    app.log.warn(
      'Development sign-in is on: no GitHub OAuth app is configured, so anyone can sign in as any username. ' +
        'Set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET to sign in with GitHub.',
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(error.message);
  else console.error('OpenLFG could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
