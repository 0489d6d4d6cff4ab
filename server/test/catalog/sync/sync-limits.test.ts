// A sync run meeting GitHub's limits and failures: primary and secondary rate limits, failing batches and contributors.
import { describe, expect, it } from 'vitest';
import { report, repository, useSyncWorld } from './support.js';

const t = useSyncWorld();

describe('a catalogue sync run', () => {
  it('stops as interrupted at a primary rate limit, then the next run resumes with the remaining projects only', async () => {
    const repos = ['o/p1', 'o/p2', 'o/p3', 'o/p4', 'o/p5'];
    await t.seed(repos);
    repos.forEach((repo, i) => t.world.github.repositories.set(repo, repository(i)));
    // GitHub's REST budget runs out at the fourth contributors request, with the reset in 40 minutes.
    t.world.github.budgets.core.remaining = 3;
    const reset = Math.floor(Date.now() / 1000) + 2400;
    t.world.github.budgets.core.reset = reset;

    const first = report(await t.sync());

    expect(first).toMatchObject({ status: 'interrupted', total: 5, synced: 3, failed: 0 });
    expect(first.reason).toBe(`GitHub's rate limit is reached until ${new Date(reset * 1000).toISOString()}`);
    expect(first.resumeAt?.getTime()).toBe(reset * 1000);
    const [interrupted] = await t.runs();
    expect(interrupted).toMatchObject({ status: 'interrupted', github_remaining: 0, projects_synced: 3 });
    expect(interrupted?.resume_after?.getTime()).toBe(reset * 1000);
    expect(interrupted?.error).toContain('rate limit');
    // Nothing hammered GitHub once it said no: no request past the spent budget.
    expect(t.contributorsRequests().filter((r) => r.status === 403)).toHaveLength(0);
    for (const repo of ['o/p1', 'o/p2', 'o/p3'])
      expect((await t.project(repo)).last_synced_at).not.toBeNull();
    for (const repo of ['o/p4', 'o/p5']) expect((await t.project(repo)).last_synced_at).toBeNull();

    // The hour passes.
    t.world.github.budgets.core.remaining = 5000;
    t.world.github.graphqlQueries.length = 0;
    const second = report(await t.sync());
    expect(second).toMatchObject({ status: 'completed', resumed: true, total: 2, synced: 2 });
    expect(t.queriedRepos()).toEqual([['o/p4', 'o/p5']]);
    for (const repo of repos) expect((await t.project(repo)).stars).not.toBeNull();

    // With the cycle complete, the next run starts a new one over every project.
    const third = report(await t.sync());
    expect(third).toMatchObject({ resumed: false, total: 5 });
  });

  it('stops at a 403 primary limit answer and at a spent GraphQL budget, writing what was done', async () => {
    await t.seed(['o/p1', 'o/p2', 'o/p3']);
    for (const repo of ['o/p1', 'o/p2', 'o/p3']) t.world.github.repositories.set(repo, repository(1));
    t.world.github.faults.push({ endpoint: 'contributors', answer: 'primary-limit', resetInSeconds: 1800 });

    const first = report(await t.sync());
    expect(first).toMatchObject({ status: 'interrupted', synced: 0 });
    expect(first.reason).toMatch(/^GitHub's rate limit is reached until /);
    expect(t.contributorsRequests()).toHaveLength(1);

    // GraphQL's spent budget is a 200 with a RATE_LIMITED error: the run stops before touching a project.
    t.world.github.budgets.core.remaining = 5000;
    t.world.github.budgets.graphql.remaining = 0;
    const second = report(await t.sync());
    expect(second).toMatchObject({ status: 'interrupted', resumed: true, synced: 0, total: 3 });
    expect((await t.runs()).at(-1)?.resume_after).toBeInstanceOf(Date);
    for (const repo of ['o/p1', 'o/p2', 'o/p3']) expect((await t.project(repo)).last_synced_at).toBeNull();
  });

  it('sits out a secondary rate limit with a short retry-after, then goes on', async () => {
    await t.seed(['o/p1', 'o/p2', 'o/p3']);
    for (const repo of ['o/p1', 'o/p2', 'o/p3']) t.world.github.repositories.set(repo, repository(1));
    t.world.github.faults.push(
      { endpoint: 'graphql', answer: 'secondary-limit', retryAfterSeconds: 3 },
      { endpoint: 'contributors', answer: 'secondary-limit', retryAfterSeconds: 7 },
    );

    const result = report(await t.sync());

    expect(result).toMatchObject({ status: 'completed', synced: 3, failed: 0 });
    // It waited what GitHub named (plus a margin), once each, and sent the refused requests again.
    expect(t.world.sleeps).toHaveLength(2);
    expect(t.world.sleeps[0]).toBeGreaterThan(2_000);
    expect(t.world.sleeps[0]).toBeLessThanOrEqual(3_500);
    expect(t.world.sleeps[1]).toBeGreaterThan(6_000);
    expect(t.world.sleeps[1]).toBeLessThanOrEqual(7_500);
    expect(t.world.github.graphqlQueries.map((q) => q.status)).toEqual([403, 200, 200]);
    expect(t.contributorsRequests().map((r) => r.status)).toEqual([403, 200, 200, 200]);
  });

  it('stops on a secondary limit longer than it waits, and on one that keeps coming back', async () => {
    await t.seed(['o/p1']);
    t.world.github.repositories.set('o/p1', repository(1));
    t.world.github.faults.push({ endpoint: 'graphql', answer: 'secondary-limit', retryAfterSeconds: 600 });
    const long = report(await t.sync());
    expect(long).toMatchObject({ status: 'interrupted', synced: 0 });
    expect(long.reason).toMatch(/^GitHub's secondary rate limit is reached until /);
    expect(t.world.sleeps).toEqual([]);

    // Without retry-after, GitHub's advice is a minute; four in a row and the run gives up for now.
    for (let i = 0; i < 4; i++)
      t.world.github.faults.push({ endpoint: 'graphql', answer: 'secondary-limit' });
    const repeated = report(await t.sync({}, { SYNC_MAX_WAIT_SECONDS: '120' }));
    expect(repeated).toMatchObject({ status: 'interrupted', synced: 0 });
    expect(t.world.sleeps).toHaveLength(3);
  });

  it('retries a batch GitHub fails on its side twice with backoff, then records the failures and goes on', async () => {
    await t.seed(['o/p1', 'o/p2', 'o/p3']);
    for (const repo of ['o/p1', 'o/p2', 'o/p3']) t.world.github.repositories.set(repo, repository(1));
    for (let i = 0; i < 3; i++) t.world.github.faults.push({ endpoint: 'graphql', answer: 'bad-gateway' });

    const result = report(await t.sync());

    expect(result).toMatchObject({ status: 'completed', synced: 1, failed: 2 });
    expect(t.world.sleeps).toEqual([2_000, 8_000]);
    expect(t.world.github.graphqlQueries.map((q) => q.status)).toEqual([502, 502, 502, 200]);
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
    expect((await t.project('o/p1')).last_synced_at).toBeNull();
    expect((await t.project('o/p3')).last_synced_at).not.toBeNull();

    // Twice failing, then answering: the retry saves the batch.
    t.world.sleeps.length = 0;
    t.world.github.faults.push(
      { endpoint: 'graphql', answer: 'bad-gateway' },
      { endpoint: 'graphql', answer: 'bad-gateway' },
    );
    const retried = report(await t.sync());
    expect(retried).toMatchObject({ status: 'completed', synced: 3, failed: 0 });
    expect(t.world.sleeps).toEqual([2_000, 8_000]);
  });

  it('keeps the contributors count when that request keeps failing, and records it', async () => {
    await t.seed(['o/p1']);
    t.world.github.repositories.set('o/p1', repository(1));
    await t.database.db.updateTable('projects').set({ contributors: 41 }).execute();
    for (let i = 0; i < 3; i++)
      t.world.github.faults.push({ endpoint: 'contributors', answer: 'bad-gateway' });

    const result = report(await t.sync());

    expect(result).toMatchObject({ status: 'completed', synced: 0, failed: 1 });
    expect(result.failures[0]).toMatchObject({
      kind: 'github',
      reason: expect.stringMatching(/^contributors: GitHub answered 502/),
    });
    expect(await t.project('o/p1')).toMatchObject({ contributors: 41, stars: 1001 });
  });
});
