import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One run covers every workspace, in tiers (projects) that can also run alone (`--project`, package.json):
 * - the unit tier, no database: `contracts`, `web` and `server:unit` (server tests named `*.unit.test.ts`:
 *   policies, parsers, configuration, crypto, queues);
 * - the API tier, `server:pglite`: every other server test, each file on an embedded PGlite copied from a
 *   template migrated once per run (test/support/pglite-templates.ts);
 * - the PostgreSQL tier, `server:postgres`: the same files again on the server TEST_DATABASE_URL names, but
 *   those that only ever run the embedded database.
 * With CI=true a missing server (or a missing TEST_REDIS_URL) is a failure, not a skip.
 */
const contractsSource = fileURLToPath(new URL('./contracts/src/index.ts', import.meta.url));
const alias = { '@openlfg/contracts': contractsSource };
const postgresUrl = process.env.TEST_DATABASE_URL;

if (!postgresUrl) {
  if (process.env.CI === 'true') {
    throw new Error(
      'CI=true but TEST_DATABASE_URL is not set: the PostgreSQL run of the server suite cannot be skipped in CI.',
    );
  }
  console.warn(
    'Skipping the PostgreSQL run of the server suite: TEST_DATABASE_URL is not set (PGlite run only).',
  );
}

// The rate-limit tests that need Redis read TEST_REDIS_URL themselves and skip (saying so) without it; in CI
// they may not skip.
if (!process.env.TEST_REDIS_URL && process.env.CI === 'true') {
  throw new Error(
    'CI=true but TEST_REDIS_URL is not set: the tests of rate limits shared through Redis cannot be skipped in CI.',
  );
}

/**
 * Every project's time limits, sized for a machine whose cores are busy with other work (`npm run
 * test:stressed` runs the tiers beside a process spinning on every core). A test waits for events, never for
 * time, so these only bound a wait that is real (a file's app and database starting, a process, a socket):
 * idle, every test ends far sooner, and a hang still fails, only later. expect.poll's one second (like
 * Testing Library's, web/src/test/setup.ts) is too short when the machine is busy.
 */
const timeLimits = {
  testTimeout: 60_000,
  hookTimeout: 180_000,
  expect: { poll: { timeout: 20_000 } },
} satisfies TestProjectInlineConfiguration['test'];

const unitTests = 'test/**/*.unit.test.ts';
// Files that run only the embedded database, whatever the tier (real processes on a DATA_DIR of their own, the
// data folder's lock): the PostgreSQL tier would run the very same thing again.
const embeddedOnlyTests = [
  'test/process.test.ts',
  'test/data-dir-lock.test.ts',
  'test/catalog/import-cli.test.ts',
  'test/catalog/sync/cli.test.ts',
];

const serverProject = (database: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name: `server:${database}`,
    root: 'server',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, unitTests, ...(database === 'postgres' ? embeddedOnlyTests : [])],
    environment: 'node',
    ...timeLimits,
    env: { OPENLFG_TEST_DB: database },
    // On PostgreSQL, files share one server: advisory locks (a room's) and lock waits are not per schema, and
    // some files hold them on purpose (database-waits, frozen-node). One file at a time, after the other tiers.
    ...(database === 'postgres' ? { maxWorkers: 1 } : {}),
    // Every file's PGlite starts from one cluster migrated at the start of the run.
    ...(database === 'pglite' ? { globalSetup: ['./test/support/pglite-templates.ts'] } : {}),
  },
});

export default defineConfig({
  test: {
    // One file per core. Vitest's default leaves a core to its main process, which mostly waits; so do most
    // test files, on one single-threaded PGlite, a spawned process or a timer, so on 2 cores a second worker
    // shortens the run.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'contracts',
          root: 'contracts',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          ...timeLimits,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server:unit',
          root: 'server',
          include: [unitTests],
          environment: 'node',
          ...timeLimits,
        },
      },
      serverProject('pglite'),
      ...(postgresUrl ? [serverProject('postgres')] : []),
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // The page's origin: a port where nothing listens, so the app's realtime socket never reaches a server
          // someone runs on this machine (a development server on localhost:3000 once answered a test's board).
          environmentOptions: {
            happyDOM: { url: 'http://127.0.0.1:9/' },
            jsdom: { url: 'http://127.0.0.1:9/' },
          },
          setupFiles: ['./src/test/setup.ts'],
          ...timeLimits,
        },
      },
    ],
  },
});
