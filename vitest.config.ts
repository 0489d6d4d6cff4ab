import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One run covers every workspace. The server suite runs twice when TEST_DATABASE_URL names a PostgreSQL
 * server: once on embedded PGlite, once on the real server. With CI=true a missing server (or a missing
 * TEST_REDIS_URL) is a failure, not a skip.
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

const serverProject = (database: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name: `server:${database}`,
    root: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    env: { OPENLFG_TEST_DB: database },
    // Every file's PGlite starts from one cluster migrated at the start of the run.
    ...(database === 'pglite' ? { globalSetup: ['./test/support/pglite-templates.ts'] } : {}),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'contracts', root: 'contracts', include: ['test/**/*.test.ts'], environment: 'node' },
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
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
