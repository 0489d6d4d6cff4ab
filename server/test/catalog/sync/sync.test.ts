import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BEGINNER_LABELS } from '../../../src/catalog/sources/index.js';
import {
  ALREADY_RUNNING_MESSAGE,
  isSyncReport,
  NO_TOKEN_MESSAGE,
  type SyncOutcome,
  type SyncReport,
} from '../../../src/catalog/sync/run.js';
import { openDatabase } from '../../../src/platform/db/database.js';
import { testConfig } from '../../support/app.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import {
  contributorsRequests,
  failures,
  project,
  queriedRepos,
  repository,
  resetWorld,
  runs,
  seed,
  startWorld,
  stopWorld,
  sync,
  type SyncWorld,
} from './support.js';

let world: SyncWorld;
let database: TestDatabase;

beforeAll(async () => {
  world = await startWorld();
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  await stopWorld(world);
});
beforeEach(() => resetWorld(world, database));

function report(outcome: SyncOutcome): SyncReport {
  if (!isSyncReport(outcome)) throw new Error(`the sync did not run: ${outcome.message}`);
  return outcome;
}

describe('a catalogue sync run', () => {
  it('updates every figure from GitHub and ecosyste.ms, and clears is_demo', async () => {
    await seed(database, ['facebook/react'], { isDemo: true });
    await seed(database, ['acme/widgets']);
    await database.db
      .updateTable('projects')
      .set({ stars: 230_000, contributors: 1700, used_by: 2_400_000, description: 'Demo text' })
      .where('repo_ext', '=', 'facebook/react')
      .execute();
    world.github.repositories.set('facebook/react', {
      stargazerCount: 231_456,
      forkCount: 47_321,
      isArchived: false,
      pushedAt: '2026-11-02T08:30:00Z',
      description: 'The library for web and native user interfaces.',
      language: 'JavaScript',
      license: { spdxId: 'MIT', name: 'MIT License' },
      topics: ['React', 'javascript', 'UI'],
      openIssueLabels: [['good first issue'], ['bug'], ['Help Wanted'], ['easy', 'docs'], ['question']],
      contributors: [
        { login: 'gaearon', contributions: 1800 },
        { login: 'sebmarkbage', contributions: 1200 },
        { login: 'acdlite', contributions: 900 },
      ],
    });
    world.github.repositories.set('ACME/Widgets', {
      ...repository(2),
      isArchived: true,
      language: null,
      license: { spdxId: 'NOASSERTION', name: 'Other' },
      contributors: [],
    });
    world.ecosystems.packages.set('facebook/react', [
      { name: 'react', ecosystem: 'npm', dependent_repos_count: 2_300_000 },
      { name: 'react-dom', ecosystem: 'npm', dependent_repos_count: 150_000 },
      { name: 'react-is', ecosystem: 'npm', dependent_repos_count: null },
    ]);

    const result = report(await sync(world, database));

    expect(result).toMatchObject({ status: 'completed', total: 2, synced: 2, failed: 0, changed: true });
    const react = await project(database, 'facebook/react');
    expect(react).toMatchObject({
      stars: 231_456,
      forks: 47_321,
      archived: false,
      description: 'The library for web and native user interfaces.',
      language: 'JavaScript',
      license: 'MIT',
      topics: ['react', 'javascript', 'ui'],
      open_issues: 5,
      beginner_issues: 3,
      contributors: 3,
      used_by: 2_450_000,
      is_demo: false,
      unreachable_at: null,
    });
    expect(react.last_push_at?.toISOString()).toBe('2026-11-02T08:30:00.000Z');
    expect(react.last_synced_at).toBeInstanceOf(Date);
    const widgets = await project(database, 'acme/widgets');
    // No contributors (204) is 0; no packages on ecosyste.ms (200 []) is 0 dependents.
    expect(widgets).toMatchObject({
      archived: true,
      language: null,
      license: 'Other',
      contributors: 0,
      used_by: 0,
      stars: 1002,
    });
    // The beginner count asks for the nine beginner labels.
    expect(world.github.graphqlQueries[0]?.beginnerLabels).toEqual([...BEGINNER_LABELS]);
    const [run] = await runs(database);
    expect(run).toMatchObject({
      status: 'completed',
      projects_total: 2,
      projects_synced: 2,
      projects_failed: 0,
      error: null,
      ecosystems_remaining: 4998,
    });
    expect(run?.finished_at).toBeInstanceOf(Date);
    expect(run?.github_remaining).toBe(4998); // two contributors requests
    // One query for both, costed as GitHub does: 2 repositories x (3 + 1 + 25 x 4 issue connections + 1 + 30)
    // connection requests = 270, / 100, rounded: 3 points.
    expect(world.github.graphqlQueries.map((q) => q.points)).toEqual([3]);
    expect(run?.github_graphql_remaining).toBe(4997);
    expect(run?.github_reset_at).toBeInstanceOf(Date);
  });

  it('reads N projects in ceil(N / batch size) GraphQL queries, never-synced first, then the stalest', async () => {
    const repos = ['o/a', 'o/b', 'o/c', 'o/d', 'o/e'];
    await seed(database, repos);
    repos.forEach((repo, i) => world.github.repositories.set(repo, repository(i)));
    await database.db
      .updateTable('projects')
      .set({ last_synced_at: new Date('2025-01-01T00:00:00Z') })
      .where('repo_ext', '=', 'o/a')
      .execute();
    await database.db
      .updateTable('projects')
      .set({ last_synced_at: new Date('2024-01-01T00:00:00Z') })
      .where('repo_ext', '=', 'o/c')
      .execute();

    const result = report(await sync(world, database));

    expect(result).toMatchObject({ status: 'completed', synced: 5 });
    expect(queriedRepos(world)).toEqual([['o/b', 'o/d'], ['o/e', 'o/c'], ['o/a']]);

    world.github.graphqlQueries.length = 0;
    await sync(world, database, {}, { SYNC_BATCH_SIZE: '100' });
    expect(queriedRepos(world)).toHaveLength(1);
    expect(queriedRepos(world)[0]).toHaveLength(5);
  });

  it('counts contributors from the Link header, then revalidates with the ETag (304 keeps the count)', async () => {
    await seed(database, ['big/repo', 'solo/repo', 'empty/repo']);
    const many = Array.from({ length: 1903 }, (_, i) => ({ login: `dev${i}`, contributions: 5000 - i }));
    world.github.repositories.set('big/repo', repository(1, { contributors: many }));
    world.github.repositories.set(
      'solo/repo',
      repository(2, { contributors: [{ login: 'me', contributions: 3 }] }),
    );
    world.github.repositories.set('empty/repo', repository(3, { contributors: [] }));

    report(await sync(world, database));
    expect((await project(database, 'big/repo')).contributors).toBe(1903);
    expect((await project(database, 'solo/repo')).contributors).toBe(1);
    expect((await project(database, 'empty/repo')).contributors).toBe(0);
    const etag = (await project(database, 'big/repo')).contributors_etag;
    expect(etag).toMatch(/^W\/"/);
    expect(contributorsRequests(world).every((r) => r.ifNoneMatch === undefined)).toBe(true);

    // The next cycle: nothing changed, so GitHub answers 304 and the count stays, at no rate-limit cost.
    world.github.requests.length = 0;
    const coreBefore = world.github.budgets.core.remaining;
    const second = report(await sync(world, database));
    expect(second).toMatchObject({ status: 'completed', synced: 3, resumed: false });
    const big = contributorsRequests(world).find((r) => r.path === '/repos/big/repo/contributors');
    expect(big).toMatchObject({ ifNoneMatch: etag, status: 304 });
    expect(contributorsRequests(world).find((r) => r.path === '/repos/solo/repo/contributors')?.status).toBe(
      304,
    );
    expect((await project(database, 'big/repo')).contributors).toBe(1903);
    // Only the empty repository's 204 (which has no ETag) cost a request.
    expect(world.github.budgets.core.remaining).toBe(coreBefore - 1);

    // A change shows: the first page differs, so the ETag does, and the new count is read.
    many.unshift({ login: 'newcomer', contributions: 9000 });
    await sync(world, database);
    expect((await project(database, 'big/repo')).contributors).toBe(1904);
  });

  it('sums used-by over the packages ecosyste.ms knows, and keeps it when ecosyste.ms fails', async () => {
    await seed(database, ['acme/lib', 'acme/new']);
    world.github.repositories.set('acme/lib', repository(1));
    world.github.repositories.set('acme/new', repository(2));
    world.ecosystems.packages.set('acme/lib', [
      { name: 'acme-lib', ecosystem: 'npm', dependent_repos_count: 120 },
      { name: 'acme_lib', ecosystem: 'pypi', dependent_repos_count: 30 },
    ]);
    world.ecosystems.mode = 'error';
    report(await sync(world, database));
    // Never answered: unknown stays unknown (not a made-up 0).
    expect((await project(database, 'acme/new')).used_by).toBeNull();

    world.ecosystems.mode = 'up';
    report(await sync(world, database));
    expect((await project(database, 'acme/lib')).used_by).toBe(150);
    expect((await project(database, 'acme/new')).used_by).toBe(0);
    expect(world.ecosystems.requests.at(-1)?.repositoryUrl).toMatch(/^https:\/\/github\.com\/acme\//);

    world.ecosystems.packages.set('acme/lib', [
      { name: 'acme-lib', ecosystem: 'npm', dependent_repos_count: 999 },
    ]);
    world.ecosystems.mode = 'error';
    const third = report(await sync(world, database));
    expect((await project(database, 'acme/lib')).used_by).toBe(150);
    // The GitHub figures were still refreshed: the project counts as synced, with the reason noted.
    expect(third).toMatchObject({ status: 'completed', synced: 2, failed: 0 });
    expect(third.failures).toContainEqual({
      repoExt: 'acme/lib',
      kind: 'ecosystems',
      reason: 'used-by kept: ecosyste.ms answered 500',
    });
  });

  it('marks a repository GitHub answers NOT_FOUND for as unreachable, records why, and does not retry it', async () => {
    await seed(database, ['acme/gone', 'acme/here']);
    world.github.repositories.set('acme/here', repository(1));

    const result = report(await sync(world, database));

    expect(result).toMatchObject({ status: 'completed', synced: 1, failed: 1, unreachable: ['acme/gone'] });
    const gone = await project(database, 'acme/gone');
    expect(gone.unreachable_at).toBeInstanceOf(Date);
    expect(gone.last_synced_at).toBeNull();
    expect(await failures(database)).toMatchObject([
      {
        repo_ext: 'acme/gone',
        project_id: gone.id,
        kind: 'unreachable',
        reason: "NOT_FOUND: Could not resolve to a Repository with the name 'acme/gone'.",
      },
    ]);
    expect(
      queriedRepos(world)
        .flat()
        .filter((r) => r === 'acme/gone'),
    ).toHaveLength(1);
    expect(contributorsRequests(world).map((r) => r.path)).toEqual(['/repos/acme/here/contributors']);
    expect((await runs(database))[0]).toMatchObject({ projects_failed: 1, projects_synced: 1 });

    // Back on GitHub (made public again): the next cycle syncs it and clears the mark.
    world.github.repositories.set('acme/gone', repository(2));
    report(await sync(world, database));
    expect(await project(database, 'acme/gone')).toMatchObject({ unreachable_at: null, stars: 1002 });
  });

  it('stops as interrupted at a primary rate limit, then the next run resumes with the remaining projects only', async () => {
    const repos = ['o/p1', 'o/p2', 'o/p3', 'o/p4', 'o/p5'];
    await seed(database, repos);
    repos.forEach((repo, i) => world.github.repositories.set(repo, repository(i)));
    // GitHub's REST budget runs out at the fourth contributors request, with the reset in 40 minutes.
    world.github.budgets.core.remaining = 3;
    const reset = Math.floor(Date.now() / 1000) + 2400;
    world.github.budgets.core.reset = reset;

    const first = report(await sync(world, database));

    expect(first).toMatchObject({ status: 'interrupted', total: 5, synced: 3, failed: 0 });
    expect(first.reason).toBe(`GitHub's rate limit is reached until ${new Date(reset * 1000).toISOString()}`);
    expect(first.resumeAt?.getTime()).toBe(reset * 1000);
    const [interrupted] = await runs(database);
    expect(interrupted).toMatchObject({ status: 'interrupted', github_remaining: 0, projects_synced: 3 });
    expect(interrupted?.resume_after?.getTime()).toBe(reset * 1000);
    expect(interrupted?.error).toContain('rate limit');
    // Nothing hammered GitHub once it said no: no request past the spent budget.
    expect(contributorsRequests(world).filter((r) => r.status === 403)).toHaveLength(0);
    for (const repo of ['o/p1', 'o/p2', 'o/p3'])
      expect((await project(database, repo)).last_synced_at).not.toBeNull();
    for (const repo of ['o/p4', 'o/p5']) expect((await project(database, repo)).last_synced_at).toBeNull();

    // The hour passes.
    world.github.budgets.core.remaining = 5000;
    world.github.graphqlQueries.length = 0;
    const second = report(await sync(world, database));
    expect(second).toMatchObject({ status: 'completed', resumed: true, total: 2, synced: 2 });
    expect(queriedRepos(world)).toEqual([['o/p4', 'o/p5']]);
    for (const repo of repos) expect((await project(database, repo)).stars).not.toBeNull();

    // With the cycle complete, the next run starts a new one over every project.
    const third = report(await sync(world, database));
    expect(third).toMatchObject({ resumed: false, total: 5 });
  });

  it('stops at a 403 primary limit answer and at a spent GraphQL budget, writing what was done', async () => {
    await seed(database, ['o/p1', 'o/p2', 'o/p3']);
    for (const repo of ['o/p1', 'o/p2', 'o/p3']) world.github.repositories.set(repo, repository(1));
    world.github.faults.push({ endpoint: 'contributors', answer: 'primary-limit', resetInSeconds: 1800 });

    const first = report(await sync(world, database));
    expect(first).toMatchObject({ status: 'interrupted', synced: 0 });
    expect(first.reason).toMatch(/^GitHub's rate limit is reached until /);
    expect(contributorsRequests(world)).toHaveLength(1);

    // GraphQL's spent budget is a 200 with a RATE_LIMITED error: the run stops before touching a project.
    world.github.budgets.core.remaining = 5000;
    world.github.budgets.graphql.remaining = 0;
    const second = report(await sync(world, database));
    expect(second).toMatchObject({ status: 'interrupted', resumed: true, synced: 0, total: 3 });
    expect((await runs(database)).at(-1)?.resume_after).toBeInstanceOf(Date);
    for (const repo of ['o/p1', 'o/p2', 'o/p3'])
      expect((await project(database, repo)).last_synced_at).toBeNull();
  });

  it('sits out a secondary rate limit with a short retry-after, then goes on', async () => {
    await seed(database, ['o/p1', 'o/p2', 'o/p3']);
    for (const repo of ['o/p1', 'o/p2', 'o/p3']) world.github.repositories.set(repo, repository(1));
    world.github.faults.push(
      { endpoint: 'graphql', answer: 'secondary-limit', retryAfterSeconds: 3 },
      { endpoint: 'contributors', answer: 'secondary-limit', retryAfterSeconds: 7 },
    );

    const result = report(await sync(world, database));

    expect(result).toMatchObject({ status: 'completed', synced: 3, failed: 0 });
    // It waited what GitHub named (plus a margin), once each, and sent the refused requests again.
    expect(world.sleeps).toHaveLength(2);
    expect(world.sleeps[0]).toBeGreaterThan(2_000);
    expect(world.sleeps[0]).toBeLessThanOrEqual(3_500);
    expect(world.sleeps[1]).toBeGreaterThan(6_000);
    expect(world.sleeps[1]).toBeLessThanOrEqual(7_500);
    expect(world.github.graphqlQueries.map((q) => q.status)).toEqual([403, 200, 200]);
    expect(contributorsRequests(world).map((r) => r.status)).toEqual([403, 200, 200, 200]);
  });

  it('stops on a secondary limit longer than it waits, and on one that keeps coming back', async () => {
    await seed(database, ['o/p1']);
    world.github.repositories.set('o/p1', repository(1));
    world.github.faults.push({ endpoint: 'graphql', answer: 'secondary-limit', retryAfterSeconds: 600 });
    const long = report(await sync(world, database));
    expect(long).toMatchObject({ status: 'interrupted', synced: 0 });
    expect(long.reason).toMatch(/^GitHub's secondary rate limit is reached until /);
    expect(world.sleeps).toEqual([]);

    // Without retry-after, GitHub's advice is a minute; four in a row and the run gives up for now.
    for (let i = 0; i < 4; i++) world.github.faults.push({ endpoint: 'graphql', answer: 'secondary-limit' });
    const repeated = report(await sync(world, database, {}, { SYNC_MAX_WAIT_SECONDS: '120' }));
    expect(repeated).toMatchObject({ status: 'interrupted', synced: 0 });
    expect(world.sleeps).toHaveLength(3);
  });

  it('retries a batch GitHub fails on its side twice with backoff, then records the failures and goes on', async () => {
    await seed(database, ['o/p1', 'o/p2', 'o/p3']);
    for (const repo of ['o/p1', 'o/p2', 'o/p3']) world.github.repositories.set(repo, repository(1));
    for (let i = 0; i < 3; i++) world.github.faults.push({ endpoint: 'graphql', answer: 'bad-gateway' });

    const result = report(await sync(world, database));

    expect(result).toMatchObject({ status: 'completed', synced: 1, failed: 2 });
    expect(world.sleeps).toEqual([2_000, 8_000]);
    expect(world.github.graphqlQueries.map((q) => q.status)).toEqual([502, 502, 502, 200]);
    expect(result.failures).toEqual([
      {
        repoExt: 'o/p1',
        kind: 'github',
        reason: 'GitHub GraphQL: GitHub answered 502 for GraphQL: Server Error',
      },
      {
        repoExt: 'o/p2',
        kind: 'github',
        reason: 'GitHub GraphQL: GitHub answered 502 for GraphQL: Server Error',
      },
    ]);
    expect((await project(database, 'o/p1')).last_synced_at).toBeNull();
    expect((await project(database, 'o/p3')).last_synced_at).not.toBeNull();

    // Twice failing, then answering: the retry saves the batch.
    world.sleeps.length = 0;
    world.github.faults.push(
      { endpoint: 'graphql', answer: 'bad-gateway' },
      { endpoint: 'graphql', answer: 'bad-gateway' },
    );
    const retried = report(await sync(world, database));
    expect(retried).toMatchObject({ status: 'completed', synced: 3, failed: 0 });
    expect(world.sleeps).toEqual([2_000, 8_000]);
  });

  it('keeps the contributors count when that request keeps failing, and records it', async () => {
    await seed(database, ['o/p1']);
    world.github.repositories.set('o/p1', repository(1));
    await database.db.updateTable('projects').set({ contributors: 41 }).execute();
    for (let i = 0; i < 3; i++) world.github.faults.push({ endpoint: 'contributors', answer: 'bad-gateway' });

    const result = report(await sync(world, database));

    expect(result).toMatchObject({ status: 'completed', synced: 0, failed: 1 });
    expect(result.failures[0]).toMatchObject({
      kind: 'github',
      reason: expect.stringMatching(/^contributors: GitHub answered 502/),
    });
    expect(await project(database, 'o/p1')).toMatchObject({ contributors: 41, stars: 1001 });
  });

  it('refuses to start without a GitHub token, saying why', async () => {
    await seed(database, ['o/p1']);
    const config = testConfig({ GITHUB_API_URL: world.github.url });
    const outcome = await sync(world, database, { github: config.github });
    expect(outcome).toEqual({ status: 'refused', message: NO_TOKEN_MESSAGE });
    expect(NO_TOKEN_MESSAGE).toContain('GITHUB_TOKEN');
    expect(world.github.requests).toHaveLength(0);
    expect(await runs(database)).toHaveLength(0);
  });

  it('marks a run its crashed process left running as interrupted, and resumes its cycle', async () => {
    await seed(database, ['o/p1', 'o/p2']);
    for (const repo of ['o/p1', 'o/p2']) world.github.repositories.set(repo, repository(1));
    await database.db
      .insertInto('sync_runs')
      .values({
        started_at: new Date(Date.now() - 3_600_000),
        cycle_started_at: new Date(Date.now() - 3_600_000),
      })
      .execute();
    await database.db
      .updateTable('projects')
      .set({
        sync_attempted_at: new Date(Date.now() - 1_800_000),
        last_synced_at: new Date(Date.now() - 1_800_000),
      })
      .where('repo_ext', '=', 'o/p1')
      .execute();

    const result = report(await sync(world, database));

    expect(result).toMatchObject({ status: 'completed', resumed: true, total: 1 });
    const [crashed, resumed] = await runs(database);
    expect(crashed).toMatchObject({ status: 'interrupted' });
    expect(crashed?.error).toMatch(/ended without finishing/);
    expect(crashed?.finished_at).toBeInstanceOf(Date);
    expect(resumed?.cycle_started_at.getTime()).toBe(crashed?.cycle_started_at.getTime());
  });

  it('stops when asked, after the project in progress, and leaves the rest to the next run', async () => {
    const repos = ['o/p1', 'o/p2', 'o/p3', 'o/p4'];
    await seed(database, repos);
    repos.forEach((repo, i) => world.github.repositories.set(repo, repository(i)));
    const controller = new AbortController();

    const result = report(
      await sync(world, database, {
        signal: controller.signal,
        onProgress: (done) => {
          if (done === 2) controller.abort(new Error('Stopped by SIGINT'));
        },
      }),
    );

    expect(result).toMatchObject({
      status: 'interrupted',
      synced: 2,
      reason: 'Stopped by SIGINT',
      resumeAt: null,
    });
    expect((await runs(database))[0]).toMatchObject({ status: 'interrupted', error: 'Stopped by SIGINT' });
    const next = report(await sync(world, database));
    expect(next).toMatchObject({ status: 'completed', resumed: true, total: 2 });
  });
});

describe('one sync at a time', () => {
  it.runIf(process.env.OPENLFG_TEST_DB === 'postgres')(
    'on PostgreSQL, a run waiting on GitHub keeps its connection and lock: it waits outside any transaction',
    async () => {
      // The run's connection holds a session-level lock for the whole run and idles while GitHub answers. Were
      // it inside a transaction then, the server would end it after the idle-in-transaction bound.
      await seed(database, ['o/p1', 'o/p2', 'o/p3']);
      for (const repo of ['o/p1', 'o/p2', 'o/p3']) world.github.repositories.set(repo, repository(1));
      world.github.contributorsDelayMs = 300;
      const node = await openDatabase({
        kind: 'postgres',
        url: process.env.TEST_DATABASE_URL ?? '',
        poolSize: 2,
        searchPath: database.schema,
        waits: { idleInTransactionMs: 100 },
      });
      try {
        expect(report(await sync(world, node))).toMatchObject({ status: 'completed', synced: 3 });
      } finally {
        await node.close();
      }
    },
  );

  it.runIf(process.env.OPENLFG_TEST_DB !== 'postgres')(
    'on PGlite, a second run in the process is told a sync is already running',
    async () => {
      await seed(database, ['o/p1']);
      world.github.repositories.set('o/p1', repository(1));
      const [a, b] = await Promise.all([sync(world, database), sync(world, database)]);
      expect([a.status, b.status].sort()).toEqual(['already-running', 'completed']);
      expect([a, b].find((o) => o.status === 'already-running')).toEqual({
        status: 'already-running',
        message: ALREADY_RUNNING_MESSAGE,
      });
      expect(await runs(database)).toHaveLength(1);
      // The flag is released with the run.
      expect((await sync(world, database)).status).toBe('completed');
    },
  );

  it.runIf(process.env.OPENLFG_TEST_DB === 'postgres')(
    'on PostgreSQL, two nodes starting together make one run; the other is told a sync is already running',
    async () => {
      await seed(database, ['o/p1', 'o/p2']);
      for (const repo of ['o/p1', 'o/p2']) world.github.repositories.set(repo, repository(1));
      world.github.contributorsDelayMs = 200;
      const url = process.env.TEST_DATABASE_URL ?? '';
      // A second node: its own pool, on the same database (and schema).
      const other = await openDatabase({ kind: 'postgres', url, poolSize: 2, searchPath: database.schema });
      try {
        const [a, b] = await Promise.all([sync(world, database), sync(world, other)]);
        expect([a.status, b.status].sort()).toEqual(['already-running', 'completed']);
        expect([a, b].find((o) => o.status === 'already-running')).toEqual({
          status: 'already-running',
          message: ALREADY_RUNNING_MESSAGE,
        });
        expect(await runs(database)).toHaveLength(1);
        // The lock goes with the run: the other node can run next.
        expect((await sync(world, other)).status).toBe('completed');
        const { rows } = await sql<{ count: number }>`
          select count(*)::int as count from pg_locks where locktype = 'advisory'
            and objid = hashtext(current_schema())::oid`.execute(database.db);
        expect(rows[0]?.count).toBe(0);
      } finally {
        await other.close();
      }
    },
  );
});
