// A catalogue sync run's figures: what it reads from GitHub and ecosyste.ms, in how many queries, and what it stores.
import { describe, expect, it } from 'vitest';
import { BEGINNER_LABELS } from '../../../src/catalog/sources/index.js';
import { summaryLines } from '../../../src/catalog/sync/summary.js';
import { report, repository, useSyncWorld } from './support.js';

const t = useSyncWorld();

describe('a catalogue sync run', () => {
  it('updates every figure from GitHub and ecosyste.ms, and clears is_demo', async () => {
    await t.seed(['facebook/react'], { isDemo: true });
    await t.seed(['acme/widgets']);
    await t.database.db
      .updateTable('projects')
      .set({ stars: 230_000, contributors: 1700, used_by: 2_400_000, description: 'Demo text' })
      .where('repo_ext', '=', 'facebook/react')
      .execute();
    t.world.github.repositories.set('facebook/react', {
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
    t.world.github.repositories.set('ACME/Widgets', {
      ...repository(2),
      isArchived: true,
      language: null,
      license: { spdxId: 'NOASSERTION', name: 'Other' },
      contributors: [],
    });
    t.world.ecosystems.packages.set('facebook/react', [
      { name: 'react', ecosystem: 'npm', dependent_repos_count: 2_300_000 },
      { name: 'react-dom', ecosystem: 'npm', dependent_repos_count: 150_000 },
      { name: 'react-is', ecosystem: 'npm', dependent_repos_count: null },
    ]);

    const result = report(await t.sync());

    expect(result).toMatchObject({ status: 'completed', total: 2, synced: 2, failed: 0, changed: true });
    const react = await t.project('facebook/react');
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
    const widgets = await t.project('acme/widgets');
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
    expect(t.world.github.graphqlQueries[0]?.beginnerLabels).toEqual([...BEGINNER_LABELS]);
    const [run] = await t.runs();
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
    expect(t.world.github.graphqlQueries.map((q) => q.points)).toEqual([3]);
    expect(run?.github_graphql_remaining).toBe(4997);
    expect(run?.github_reset_at).toBeInstanceOf(Date);
  });

  it('reads N projects in ceil(N / batch size) GraphQL queries, never-synced first, then the stalest', async () => {
    const repos = ['o/a', 'o/b', 'o/c', 'o/d', 'o/e'];
    await t.seed(repos);
    repos.forEach((repo, i) => t.world.github.repositories.set(repo, repository(i)));
    await t.database.db
      .updateTable('projects')
      .set({ last_synced_at: new Date('2025-01-01T00:00:00Z') })
      .where('repo_ext', '=', 'o/a')
      .execute();
    await t.database.db
      .updateTable('projects')
      .set({ last_synced_at: new Date('2024-01-01T00:00:00Z') })
      .where('repo_ext', '=', 'o/c')
      .execute();

    const result = report(await t.sync());

    expect(result).toMatchObject({ status: 'completed', synced: 5 });
    expect(t.queriedRepos()).toEqual([['o/b', 'o/d'], ['o/e', 'o/c'], ['o/a']]);

    t.world.github.graphqlQueries.length = 0;
    await t.sync({}, { SYNC_BATCH_SIZE: '100' });
    expect(t.queriedRepos()).toHaveLength(1);
    expect(t.queriedRepos()[0]).toHaveLength(5);
  });

  it('counts contributors from the Link header, then revalidates with the ETag (304 keeps the count)', async () => {
    await t.seed(['big/repo', 'solo/repo', 'empty/repo']);
    const many = Array.from({ length: 1903 }, (_, i) => ({ login: `dev${i}`, contributions: 5000 - i }));
    t.world.github.repositories.set('big/repo', repository(1, { contributors: many }));
    t.world.github.repositories.set(
      'solo/repo',
      repository(2, { contributors: [{ login: 'me', contributions: 3 }] }),
    );
    t.world.github.repositories.set('empty/repo', repository(3, { contributors: [] }));

    const first = report(await t.sync());
    expect(first.cost).toEqual({
      graphqlPoints: t.world.github.graphqlQueries.reduce((sum, q) => sum + q.points, 0),
      restRequests: 3,
      notModified: 0,
    });
    expect((await t.project('big/repo')).contributors).toBe(1903);
    expect((await t.project('solo/repo')).contributors).toBe(1);
    expect((await t.project('empty/repo')).contributors).toBe(0);
    const etag = (await t.project('big/repo')).contributors_etag;
    expect(etag).toMatch(/^W\/"/);
    expect(t.contributorsRequests().every((r) => r.ifNoneMatch === undefined)).toBe(true);

    // The next cycle: nothing changed, so GitHub answers 304 and the count stays, at no rate-limit cost.
    t.world.github.requests.length = 0;
    t.world.github.graphqlQueries.length = 0;
    const coreBefore = t.world.github.budgets.core.remaining;
    const second = report(await t.sync());
    // The summary says what the run cost and what the ETags saved.
    expect(second.cost).toEqual({
      graphqlPoints: t.world.github.graphqlQueries.reduce((sum, q) => sum + q.points, 0),
      restRequests: 1,
      notModified: 2,
    });
    expect(summaryLines(second)).toContain(
      `GitHub cost: ${second.cost.graphqlPoints} GraphQL points, 1 REST request; saved 2 requests answered 304 Not Modified (free)`,
    );
    expect(second).toMatchObject({ status: 'completed', synced: 3, resumed: false });
    const big = t.contributorsRequests().find((r) => r.path === '/repos/big/repo/contributors');
    expect(big).toMatchObject({ ifNoneMatch: etag, status: 304 });
    expect(t.contributorsRequests().find((r) => r.path === '/repos/solo/repo/contributors')?.status).toBe(
      304,
    );
    expect((await t.project('big/repo')).contributors).toBe(1903);
    // Only the empty repository's 204 (which has no ETag) cost a request.
    expect(t.world.github.budgets.core.remaining).toBe(coreBefore - 1);

    // A change shows: the first page differs, so the ETag does, and the new count is read.
    many.unshift({ login: 'newcomer', contributions: 9000 });
    await t.sync();
    expect((await t.project('big/repo')).contributors).toBe(1904);
  });

  it('sums used-by over the packages ecosyste.ms knows, and keeps it when ecosyste.ms fails', async () => {
    await t.seed(['acme/lib', 'acme/new']);
    t.world.github.repositories.set('acme/lib', repository(1));
    t.world.github.repositories.set('acme/new', repository(2));
    t.world.ecosystems.packages.set('acme/lib', [
      { name: 'acme-lib', ecosystem: 'npm', dependent_repos_count: 120 },
      { name: 'acme_lib', ecosystem: 'pypi', dependent_repos_count: 30 },
    ]);
    t.world.ecosystems.mode = 'error';
    report(await t.sync());
    // Never answered: unknown stays unknown (not a made-up 0).
    expect((await t.project('acme/new')).used_by).toBeNull();

    t.world.ecosystems.mode = 'up';
    report(await t.sync());
    expect((await t.project('acme/lib')).used_by).toBe(150);
    expect((await t.project('acme/new')).used_by).toBe(0);
    expect(t.world.ecosystems.requests.at(-1)?.repositoryUrl).toMatch(/^https:\/\/github\.com\/acme\//);

    t.world.ecosystems.packages.set('acme/lib', [
      { name: 'acme-lib', ecosystem: 'npm', dependent_repos_count: 999 },
    ]);
    t.world.ecosystems.mode = 'error';
    const third = report(await t.sync());
    expect((await t.project('acme/lib')).used_by).toBe(150);
    // The GitHub figures were still refreshed: the project counts as synced, with the reason noted.
    expect(third).toMatchObject({ status: 'completed', synced: 2, failed: 0 });
    expect(third.failures).toContainEqual({
      repoExt: 'acme/lib',
      kind: 'ecosystems',
      reason: 'used-by kept: ecosyste.ms answered 500',
    });
  });

  it('marks a repository GitHub answers NOT_FOUND for as unreachable, records why, and does not retry it', async () => {
    await t.seed(['acme/gone', 'acme/here']);
    t.world.github.repositories.set('acme/here', repository(1));

    const result = report(await t.sync());

    expect(result).toMatchObject({ status: 'completed', synced: 1, failed: 1, unreachable: ['acme/gone'] });
    const gone = await t.project('acme/gone');
    expect(gone.unreachable_at).toBeInstanceOf(Date);
    expect(gone.last_synced_at).toBeNull();
    expect(await t.failures()).toMatchObject([
      {
        repo_ext: 'acme/gone',
        project_id: gone.id,
        kind: 'unreachable',
        reason: "NOT_FOUND: Could not resolve to a Repository with the name 'acme/gone'.",
      },
    ]);
    expect(
      t
        .queriedRepos()
        .flat()
        .filter((r) => r === 'acme/gone'),
    ).toHaveLength(1);
    expect(t.contributorsRequests().map((r) => r.path)).toEqual(['/repos/acme/here/contributors']);
    expect((await t.runs())[0]).toMatchObject({ projects_failed: 1, projects_synced: 1 });

    // Back on GitHub (made public again): the next cycle syncs it and clears the mark.
    t.world.github.repositories.set('acme/gone', repository(2));
    report(await t.sync());
    expect(await t.project('acme/gone')).toMatchObject({ unreachable_at: null, stars: 1002 });
  });
});
