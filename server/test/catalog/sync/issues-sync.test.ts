import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CLAIM_PHRASES } from '../../../src/catalog/sync/claim-phrases.js';
import { isSyncReport, type SyncOutcome } from '../../../src/catalog/sync/run.js';
import type { FakeGraphQLIssue } from '../../support/fake-github.js';
import { createSignedInUser } from '../../support/users.js';
import { repository, useSyncWorld } from './support.js';

const t = useSyncWorld();

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function completed(outcome: SyncOutcome) {
  if (!isSyncReport(outcome)) throw new Error(`the sync did not run: ${outcome.message}`);
  expect(outcome.status).toBe('completed');
  return outcome;
}

const stored = (repoExt: string) =>
  t.database.db
    .selectFrom('issues as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .selectAll('i')
    .select(sql<boolean>`i.github_taken_until > now()`.as('taken'))
    .where('p.repo_ext', '=', repoExt)
    .orderBy('i.number')
    .execute();

const issue = (number: number, extra: Partial<FakeGraphQLIssue> = {}): FakeGraphQLIssue => ({
  number,
  title: `Issue ${number}`,
  labels: ['good first issue'],
  createdAt: ago(1000 - number),
  ...extra,
});

describe("the sync reads each project's open beginner issues", () => {
  it('stores new beginner issues with whether someone is on them, and leaves the rest out', async () => {
    await t.seed(['acme/widgets']);
    t.world.github.repositories.set('acme/widgets', {
      ...repository(1),
      issues: [
        issue(1, { labels: ['Good First Issue', 'docs'], updatedAt: ago(2) }),
        issue(2, { labels: ['bug'] }),
        issue(3, { state: 'CLOSED' }),
        issue(4, { labels: ['help wanted'], assignees: [{ login: 'ada', at: ago(40 * 24) }] }),
        issue(5, {
          pullRequests: [
            { number: 50, state: 'CLOSED', createdAt: ago(200), via: 'closing' },
            { number: 51, state: 'OPEN', createdAt: ago(20), author: 'lin', via: 'closing' },
          ],
        }),
        issue(6, { pullRequests: [{ number: 60, state: 'OPEN', createdAt: ago(5), via: 'mention' }] }),
        issue(7, { pullRequests: [{ number: 70, state: 'CLOSED', createdAt: ago(5), via: 'mention' }] }),
        issue(8, {
          comments: [{ author: 'kim', association: 'NONE', createdAt: ago(24), body: 'Can I take this?' }],
        }),
        issue(9, {
          comments: [
            { author: 'owner', association: 'OWNER', createdAt: ago(24), body: "I'll take it myself." },
          ],
        }),
      ],
    });
    completed(await t.sync());
    const rows = await stored('acme/widgets');
    expect(rows.map((r) => r.number)).toEqual([1, 4, 5, 6, 7, 8, 9]);
    const [one, four, five, six, seven, eight, nine] = rows;
    expect(one).toMatchObject({
      title: 'Issue 1',
      url: 'https://github.com/fake/fake/issues/1',
      labels: [
        { name: 'Good First Issue', color: 'ededed' },
        { name: 'docs', color: 'ededed' },
      ],
      label_names: ['good first issue', 'docs'],
      comments: 0,
      open: true,
      is_demo: false,
      taken: false,
      project_language: 'TypeScript',
    });
    expect(one?.updated_at.toISOString()).toBe(
      t.world.github.repositories.get('acme/widgets')?.issues?.[0]?.updatedAt,
    );
    expect(four).toMatchObject({ assignee: 'ada', taken: true });
    expect(four?.assigned_at?.getTime()).toBeCloseTo(Date.now() - 40 * 24 * HOUR, -5);
    expect(five).toMatchObject({ pull_request_number: 51, pull_request_by: 'lin', taken: true });
    expect(six).toMatchObject({ pull_request_number: 60, taken: true });
    expect(seven).toMatchObject({ pull_request_number: null, taken: false });
    expect(eight).toMatchObject({ claim_comment_by: 'kim', taken: true });
    expect(nine).toMatchObject({ claim_comment_by: null, taken: false });
  });

  it('on the next sync: a closed or relabelled issue leaves (ending its claims), a later-assigned one is taken', async () => {
    await t.seed(['acme/widgets']);
    const issues = [issue(1), issue(2), issue(3), issue(4)];
    t.world.github.repositories.set('acme/widgets', { ...repository(1), issues });
    completed(await t.sync());
    expect((await stored('acme/widgets')).map((r) => r.number)).toEqual([1, 2, 3, 4]);

    const user = await createSignedInUser(t.database.db, 'ada');
    const [closing] = await t.database.db.selectFrom('issues').select('id').where('number', '=', 1).execute();
    await t.database.db
      .insertInto('issue_claims')
      .values({ issue_id: closing?.id ?? 0, user_id: user.id, expires_at: new Date(Date.now() + 86_400_000) })
      .execute();

    t.world.github.repositories.set('acme/widgets', {
      ...repository(1),
      issues: [
        issue(1, { state: 'CLOSED' }),
        issue(2, { labels: ['bug'] }),
        issue(3, { assignees: [{ login: 'lin', at: ago(3) }] }),
        issue(4),
        issue(5),
      ],
    });
    completed(await t.sync());
    const rows = await stored('acme/widgets');
    expect(rows.map((r) => [r.number, r.open, r.taken])).toEqual([
      [1, false, false],
      [2, false, false],
      [3, true, true],
      [4, true, false],
      [5, true, false],
    ]);
    expect(rows[0]?.left_at).toBeInstanceOf(Date);
    expect(rows[2]?.assignee).toBe('lin');
    expect(await t.database.db.selectFrom('issue_claims').selectAll().execute()).toEqual([]);

    // Labelled again: back in the finder.
    t.world.github.repositories.set('acme/widgets', { ...repository(1), issues: [issue(2)] });
    completed(await t.sync());
    expect((await stored('acme/widgets')).filter((r) => r.open).map((r) => r.number)).toEqual([2]);
  });

  it('takes every claim phrase, from anyone but a maintainer, for 14 days', async () => {
    const repos = ['a/p0', 'a/p1', 'a/p2', 'a/p3'];
    await t.seed(repos);
    const phrases = [...CLAIM_PHRASES];
    repos.forEach((repoExt, r) => {
      t.world.github.repositories.set(repoExt, {
        ...repository(r),
        issues: phrases.slice(r * 25, r * 25 + 25).map((phrase, i) =>
          issue(i + 1, {
            title: phrase,
            comments: [
              { author: 'maintainer', association: 'MEMBER', createdAt: ago(48), body: 'Happy to help!' },
              { author: `dev${i}`, association: 'CONTRIBUTOR', createdAt: ago(24), body: `Hey! ${phrase}` },
            ],
          }),
        ),
      });
    });
    expect(phrases.length).toBeLessThanOrEqual(100);
    completed(await t.sync({}, { SYNC_BATCH_SIZE: '4' }));
    const rows = await t.database.db.selectFrom('issues').selectAll().execute();
    expect(rows).toHaveLength(phrases.length);
    const missed = rows.filter((row) => row.claim_comment_by === null).map((row) => row.title);
    expect(missed).toEqual([]);
    const claimed = await t.database.db
      .selectFrom('issues')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('github_taken_until', '>', sql<Date>`now() + interval '12 days'`)
      .where('github_taken_until', '<', sql<Date>`now() + interval '14 days'`)
      .executeTakeFirstOrThrow();
    expect(claimed.n).toBe(phrases.length);
  });

  it("measures maintainers' median first answer over the 30 most recent issues", async () => {
    await t.seed(['a/quick', 'a/silent']);
    const answered = (
      number: number,
      hours: number | null,
      association: 'OWNER' | 'MEMBER' | 'COLLABORATOR' = 'MEMBER',
    ) =>
      issue(number, {
        state: 'CLOSED',
        createdAt: ago(500 - number),
        comments: [
          { author: 'user', association: 'NONE', createdAt: ago(499 - number), body: 'Same here' },
          ...(hours === null
            ? []
            : [{ author: 'm', association, createdAt: ago(500 - number - hours), body: 'Thanks' }]),
        ],
      });
    t.world.github.repositories.set('a/quick', {
      ...repository(1),
      // The newest 30: answered in 2, 10 and 50 hours, and 27 unanswered; an older one in 1 hour is not read.
      issues: [
        answered(1, 1),
        answered(100, 2, 'OWNER'),
        answered(101, 10, 'COLLABORATOR'),
        answered(102, 50),
        ...Array.from({ length: 27 }, (_, i) => answered(200 + i, null)),
      ],
    });
    t.world.github.repositories.set('a/silent', { ...repository(2), issues: [answered(1, null)] });
    completed(await t.sync());
    const projects = await t.database.db
      .selectFrom('projects')
      .select(['repo_ext', 'maintainer_median_hours', 'responsiveness_at'])
      .orderBy('repo_ext')
      .execute();
    expect(projects.map((p) => [p.repo_ext, p.maintainer_median_hours])).toEqual([
      ['a/quick', 10],
      ['a/silent', null],
    ]);
    expect(projects.every((p) => p.responsiveness_at instanceof Date)).toBe(true);
    // What the median is of, kept for the maintainers' answers webhook deliveries bring between syncs.
    const quick = await t.project('a/quick');
    const sample = await t.database.db
      .selectFrom('project_recent_issues')
      .select('issues')
      .where('project_id', '=', quick.id)
      .executeTakeFirstOrThrow();
    const recent = sample.issues as { number: number; answeredAt: string | null }[];
    expect(recent).toHaveLength(30);
    expect(recent.filter((issue) => issue.answeredAt !== null).map((issue) => issue.number)).toEqual([
      102, 101, 100,
    ]);
  });

  it('stays one GraphQL query per batch; prints the points a run costs', async () => {
    const repos = Array.from({ length: 100 }, (_, i) => `big/r${i}`);
    await t.seed(repos);
    repos.forEach((repoExt, r) =>
      t.world.github.repositories.set(repoExt, {
        ...repository(r),
        issues: Array.from({ length: 30 }, (_, i) => issue(i + 1)),
      }),
    );
    const before = t.world.github.budgets.graphql.remaining;
    completed(await t.sync({}, { SYNC_BATCH_SIZE: '50' }));
    expect(t.world.github.graphqlQueries).toHaveLength(2);
    const points = before - t.world.github.budgets.graphql.remaining;
    expect(points).toBe(t.world.github.graphqlQueries.reduce((sum, q) => sum + q.points, 0));
    console.warn(
      `sync GitHub cost: ${points} GraphQL points for ${repos.length} repositories in ${t.world.github.graphqlQueries.length} queries of 50 (${points / t.world.github.graphqlQueries.length} per query)`,
    );
    // 25 issues kept per repository, however many are open.
    const count = await t.database.db
      .selectFrom('issues')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(100 * 25);
  });
});
