import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { bareEntry } from '../../../src/catalog/sources/index.js';
import { writeCatalogEntries } from '../../../src/catalog/write.js';
import {
  isSyncReport,
  runCatalogueSync,
  type CatalogueSyncOptions,
  type SyncOutcome,
  type SyncReport,
} from '../../../src/catalog/sync/run.js';
import type { Database } from '../../../src/platform/db/database.js';
import { testConfig } from '../../support/app.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { FakeEcosystems } from '../../support/fake-ecosystems.js';
import { FakeGitHub, type FakeRepository } from '../../support/fake-github.js';

/** The two fake services a sync test talks to, and helpers over a test database. */
export interface SyncWorld {
  github: FakeGitHub;
  ecosystems: FakeEcosystems;
  /** Every wait the sync asked for (rate limits, retry backoff), in milliseconds; none really waits. */
  sleeps: number[];
}

export async function startWorld(): Promise<SyncWorld> {
  return {
    github: await new FakeGitHub().start(),
    ecosystems: await new FakeEcosystems().start(),
    sleeps: [],
  };
}

export async function stopWorld(world: SyncWorld): Promise<void> {
  await world.github.stop();
  await world.ecosystems.stop();
}

/** Back to a clean slate between tests: no projects, no runs, fresh fakes and budgets. */
export async function resetWorld(world: SyncWorld, database: Database): Promise<void> {
  await sql`truncate projects, sync_runs, issue_recheck_hours restart identity cascade`.execute(database.db);
  const { github, ecosystems } = world;
  github.repositories.clear();
  github.faults.length = 0;
  github.graphqlQueries.length = 0;
  github.requests.length = 0;
  github.contributorsDelayMs = 0;
  const reset = Math.floor(Date.now() / 1000) + 3600;
  github.budgets.core = { limit: 5000, remaining: 5000, reset };
  github.budgets.graphql = { limit: 5000, remaining: 5000, reset };
  ecosystems.packages.clear();
  ecosystems.faults.length = 0;
  ecosystems.requests.length = 0;
  ecosystems.mode = 'up';
  ecosystems.budget.remaining = 5000;
  world.sleeps.length = 0;
}

export function syncEnv(world: SyncWorld, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...world.github.syncEnv(), ...world.ecosystems.env(), SYNC_BATCH_SIZE: '2', ...env };
}

/** One sync run against the fakes, batches of two unless `env` says otherwise. */
export function sync(
  world: SyncWorld,
  database: Database,
  overrides: Partial<CatalogueSyncOptions> = {},
  env: NodeJS.ProcessEnv = {},
) {
  const config = testConfig(syncEnv(world, env));
  return runCatalogueSync({
    database,
    github: config.github,
    sync: config.sync,
    sleep: async (ms) => {
      world.sleeps.push(ms);
    },
    ...overrides,
  });
}

export async function seed(database: Database, repos: string[], options: { isDemo?: boolean } = {}) {
  await writeCatalogEntries(
    database.db,
    repos.map((repo) => bareEntry(repo, 'test')),
    options,
  );
}

export function project(database: Database, repoExt: string) {
  return database.db
    .selectFrom('projects')
    .selectAll()
    .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
    .executeTakeFirstOrThrow();
}

export function runs(database: Database) {
  return database.db.selectFrom('sync_runs').selectAll().orderBy('id').execute();
}

export function failures(database: Database) {
  return database.db.selectFrom('sync_failures').selectAll().orderBy('id').execute();
}

/** A plausible repository; `n` varies the figures so rows can be told apart. */
export function repository(n: number, extra: Partial<FakeRepository> = {}): FakeRepository {
  return {
    stargazerCount: 1000 + n,
    forkCount: 100 + n,
    pushedAt: '2026-10-01T12:00:00Z',
    description: `Repository number ${n}`,
    language: 'TypeScript',
    license: { spdxId: 'MIT', name: 'MIT License' },
    topics: ['cli', 'tooling'],
    openIssueLabels: [['bug'], ['good first issue']],
    contributors: [{ login: `dev${n}`, contributions: 10 }],
    ...extra,
  };
}

/** The repositories GraphQL was asked about, query by query. */
export function queriedRepos(world: SyncWorld): string[][] {
  return world.github.graphqlQueries.map((q) => q.repos);
}

export function contributorsRequests(world: SyncWorld) {
  return world.github.requests.filter((r) => r.path.endsWith('/contributors'));
}

/** The report of a sync that ran (throws with the reason when it did not). */
export function report(outcome: SyncOutcome): SyncReport {
  if (!isSyncReport(outcome)) throw new Error(`the sync did not run: ${outcome.message}`);
  return outcome;
}

/** A sync test file's world and database, with the helpers bound to them (filled before the first test). */
export interface SyncTest {
  world: SyncWorld;
  database: TestDatabase;
  /** One sync run against the fakes on the file's database (see `sync`). */
  sync(overrides?: Partial<CatalogueSyncOptions>, env?: NodeJS.ProcessEnv): ReturnType<typeof sync>;
  seed(repos: string[], options?: { isDemo?: boolean }): Promise<void>;
  project(repoExt: string): ReturnType<typeof project>;
  runs(): ReturnType<typeof runs>;
  failures(): ReturnType<typeof failures>;
  queriedRepos(): string[][];
  contributorsRequests(): ReturnType<typeof contributorsRequests>;
}

/**
 * A sync test file's hooks: the fakes and a test database for the file, both reset before each test. Answers
 * the handle its tests use (`t.world`, `t.sync()`), valid once the file's first test runs.
 */
export function useSyncWorld(): SyncTest {
  const t = {
    sync: (overrides = {}, env = {}) => sync(t.world, t.database, overrides, env),
    seed: (repos, options) => seed(t.database, repos, options),
    project: (repoExt) => project(t.database, repoExt),
    runs: () => runs(t.database),
    failures: () => failures(t.database),
    queriedRepos: () => queriedRepos(t.world),
    contributorsRequests: () => contributorsRequests(t.world),
  } as SyncTest;
  beforeAll(async () => {
    t.world = await startWorld();
    t.database = await createTestDatabase();
  });
  afterAll(async () => {
    await t.database.dispose();
    await stopWorld(t.world);
  });
  beforeEach(() => resetWorld(t.world, t.database));
  return t;
}
