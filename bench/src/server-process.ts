import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { migrateToLatest } from '../../server/dist/platform/db/migrate.js';
import { openConfiguredDatabase } from '../../server/dist/platform/db/open-configured.js';
import { withoutStatementTimeout } from '../../server/dist/platform/db/waits.js';
import { generateGroups, generateProjects } from './generate-projects.js';

/**
 * The production build of the server, in a process of its own, plus one bare route: the baseline every other
 * route's throughput is divided by, measured on the same process and stack in the same run. The parent
 * passes DATABASE_URL (or none, for PGlite), LIST_CACHE_TTL_MS and BENCH_PROJECTS in the environment. The
 * realtime bench runs several of these as nodes of one deployment: it passes BENCH_PORT (a fixed port, so a
 * killed node comes back at the same address), PUBLIC_URL (the origin its WebSocket accepts) and
 * BENCH_SESSION_SECRET (the same on every node), and BENCH_LOG_LEVEL=error (outages under test log their warnings
 * by the hundred).
 */
const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: process.env.BENCH_PORT ?? '0',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  // The load comes from one address on purpose; the limits would measure themselves.
  RATE_LIMIT_PER_MINUTE: '0',
  REALTIME_SOCKETS_PER_ADDRESS: '0',
  SESSION_SECRET: process.env.BENCH_SESSION_SECRET ?? randomBytes(32).toString('hex'),
  GITHUB_CLIENT_ID: 'bench',
  GITHUB_CLIENT_SECRET: 'bench',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openlfg-bench-')),
});
const database = await openConfiguredDatabase(config);
await migrateToLatest(database.db);
const projects = Number(process.env.BENCH_PROJECTS ?? 0);
const groups = Number(process.env.BENCH_GROUPS ?? 0);
// Bulk loads run longer than a request's statement may (statement_timeout): one connection without it.
await withoutStatementTimeout(database.db, async (db) => {
  if (projects > 0) await generateProjects(db, projects);
  if (groups > 0) await generateGroups(db, groups);
});
const app = await buildApp({ config, database, webDistDir });
app.get('/bench/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ host: config.host, port: config.port });
process.send?.({ address });

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
