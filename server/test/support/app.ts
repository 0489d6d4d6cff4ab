import { loadConfig, type Config } from '../../src/config.js';
import { buildApp, type App, type AppDeps } from '../../src/app.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      PUBLIC_URL: TEST_PUBLIC_URL,
      LOG_LEVEL: 'silent',
      // Test files send hundreds of requests from one address; rate-limits.test.ts turns the limits on.
      RATE_LIMIT_PER_MINUTE: '0',
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '0',
      // Likewise one test user asks to join many groups; safety-join-limits.test.ts turns the limits on.
      JOIN_REQUESTS_PENDING_MAX: '0',
      JOIN_REQUESTS_PER_DAY_MAX: '0',
      ...env,
    },
    { persistSecret: false },
  );
}

export interface TestApp {
  app: App;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, ready for inject(). `beforeReady` may add routes a test needs (a slow
 * route, a route that throws) before the app is sealed.
 */
export async function createTestApp(
  options: {
    env?: NodeJS.ProcessEnv;
    webDistDir?: string | null;
    beforeReady?: (app: App) => void;
    realtime?: AppDeps['realtime'];
    sitemap?: AppDeps['sitemap'];
    /** Another node on the same database (a PostgreSQL schema shared by several apps). */
    database?: TestDatabase;
    /** With REDIS_URL: the rate-limit counters' key prefix, the same for nodes that share them. */
    redisKeyPrefix?: string;
    /** A node still starting (migrating): see AppDeps.startsLater. */
    startsLater?: boolean;
    /** The clock of rechecks on view: see AppDeps.recheckClock. */
    recheckClock?: () => number;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    webDistDir: options.webDistDir ?? null,
    testRoutePrefix: '/api/test/',
    logger: false,
    ...(options.realtime ? { realtime: options.realtime } : {}),
    ...(options.sitemap ? { sitemap: options.sitemap } : {}),
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
    ...(options.startsLater ? { startsLater: true } : {}),
    ...(options.recheckClock ? { recheckClock: options.recheckClock } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.dispose();
    },
  };
}

/** Headers a same-site browser sends on a state-changing request. */
export const jsonHeaders = { 'content-type': 'application/json', origin: TEST_PUBLIC_URL };
