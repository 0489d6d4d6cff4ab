import type { FinderIssue, IssueListResponse } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../src/accounts/repository.js';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { addIssue, addProject, daysAgo } from './support/issues.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await sql`truncate projects, users restart identity cascade`.execute(t.database.db);
});

async function find(body: Record<string, unknown> = {}, cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/issues',
    headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
  return res;
}

async function titles(body: Record<string, unknown> = {}, cookie?: string): Promise<string[]> {
  const res = await find(body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as IssueListResponse).data.map((issue) => issue.title);
}

/** Every page of a list, following nextCursor. */
async function allPages(body: Record<string, unknown>, cookie?: string): Promise<FinderIssue[]> {
  const rows: FinderIssue[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res = await find({ ...body, ...(cursor ? { cursor } : {}) }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as IssueListResponse;
    rows.push(...answer.data);
    cursor = answer.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error('more than 20 pages');
}

describe('POST /api/issues: the finder', () => {
  it('hides taken issues by default and says why each taken one is taken when asked for all', async () => {
    const db = t.database.db;
    const p = await addProject(db, 'acme/widgets', { language: 'TypeScript', medianHours: 40 });
    await addIssue(db, p, 1, { title: 'free' });
    await addIssue(db, p, 2, { title: 'assigned', assignee: 'ada', assignedAt: daysAgo(40) });
    await addIssue(db, p, 3, { title: 'pr', pullRequest: { number: 9, at: daysAgo(1), by: 'lin' } });
    await addIssue(db, p, 4, { title: 'said', claimComment: { by: 'kim', at: daysAgo(3) } });
    await addIssue(db, p, 5, { title: 'said long ago', claimComment: { by: 'kim', at: daysAgo(20) } });

    expect(await titles()).toEqual(['free', 'said long ago']);
    const res = await find({ notTaken: false });
    const byTitle = new Map((res.json() as IssueListResponse).data.map((i) => [i.title, i]));
    expect(byTitle.get('assigned')?.taken).toMatchObject({
      state: 'assigned',
      reason: 'assigned to @ada 40 days ago, no pull request',
      by: 'ada',
    });
    expect(byTitle.get('pr')?.taken).toMatchObject({
      state: 'pull_request',
      reason: 'pull request #9 opened yesterday by @lin',
    });
    expect(byTitle.get('said')?.taken).toMatchObject({
      state: 'claim_comment',
      reason: '@kim said they would work on it 3 days ago',
    });
    expect(byTitle.get('said long ago')?.taken).toEqual({
      state: 'free',
      reason: 'nobody is on it',
      since: null,
      by: null,
    });
    expect(byTitle.get('free')).toMatchObject({
      project: { repoExt: 'acme/widgets', language: 'TypeScript' },
      number: 1,
      labels: [{ name: 'good first issue', color: 'ededed' }],
      responsiveness: { medianHours: 40, text: 'maintainers usually answer within 2 days' },
      claim: null,
      claims: 0,
      why: null,
      isDemo: false,
    });
  });

  it('leaves out archived projects and projects with no push in 90 days, and closed issues', async () => {
    const db = t.database.db;
    await addIssue(db, await addProject(db, 'a/fresh'), 1, { title: 'fresh' });
    await addIssue(db, await addProject(db, 'a/unknown-push', { lastPushAt: null }), 1, { title: 'unknown' });
    await addIssue(db, await addProject(db, 'a/stale', { lastPushAt: daysAgo(91) }), 1, { title: 'stale' });
    await addIssue(db, await addProject(db, 'a/archived', { archived: true }), 1, { title: 'archived' });
    await addIssue(db, await addProject(db, 'a/closed'), 1, { title: 'closed', open: false });
    expect((await titles()).sort()).toEqual(['fresh', 'unknown']);

    // A project pushed to again comes back (its issues follow the project's row).
    await db
      .updateTable('projects')
      .set({ last_push_at: new Date() })
      .where('repo_ext', '=', 'a/stale')
      .execute();
    expect((await titles()).sort()).toEqual(['fresh', 'stale', 'unknown']);
  });

  it('treats label spellings that differ only by case, spaces or hyphens as one label', async () => {
    const db = t.database.db;
    const project = await addProject(db, 'a/labels', { language: 'Go' });
    await addIssue(db, project, 1, { title: 'spaced', labels: ['Good First Issue'], updatedAt: daysAgo(1) });
    await addIssue(db, project, 2, {
      title: 'hyphened',
      labels: ['good-first-issue'],
      updatedAt: daysAgo(2),
    });
    await addIssue(db, project, 3, { title: 'other', labels: ['docs'], updatedAt: daysAgo(3) });

    for (const label of ['good first issue', 'good-first-issue', 'Good-First issue']) {
      expect(await titles({ label }), label).toEqual(['spaced', 'hyphened']);
    }
  });

  it('filters by language, topics, label, responsiveness, last update and project', async () => {
    const db = t.database.db;
    const ts = await addProject(db, 'a/ts', {
      language: 'TypeScript',
      topics: ['cli', 'web'],
      medianHours: 5,
    });
    const rust = await addProject(db, 'a/rust', { language: 'Rust', topics: ['cli'], medianHours: 300 });
    const quiet = await addProject(db, 'a/quiet', { language: 'Go', medianHours: null });
    await addIssue(db, ts, 1, {
      title: 'ts docs',
      labels: ['Good First Issue', 'docs'],
      updatedAt: daysAgo(2),
    });
    await addIssue(db, ts, 2, { title: 'ts old', labels: ['help wanted'], updatedAt: daysAgo(60) });
    await addIssue(db, rust, 3, { title: 'rust', labels: ['good first issue'], updatedAt: daysAgo(10) });
    await addIssue(db, quiet, 4, { title: 'go', updatedAt: daysAgo(100) });

    expect(await titles({ languages: ['TypeScript'] })).toEqual(['ts docs', 'ts old']);
    expect(await titles({ languages: ['Rust', 'Go'] })).toEqual(['rust', 'go']);
    expect(await titles({ topics: ['cli'] })).toEqual(['ts docs', 'ts old', 'rust']);
    expect(await titles({ topics: ['cli', 'web'] })).toEqual(['ts docs', 'ts old']);
    expect(await titles({ label: 'good first issue' })).toEqual(['ts docs', 'rust', 'go']);
    expect(await titles({ label: 'DOCS' })).toEqual(['ts docs']);
    expect(await titles({ answersWithinWeek: true })).toEqual(['ts docs', 'ts old']);
    expect(await titles({ updatedWithinDays: 7 })).toEqual(['ts docs']);
    expect(await titles({ updatedWithinDays: 30 })).toEqual(['ts docs', 'rust']);
    expect(await titles({ updatedWithinDays: 90 })).toEqual(['ts docs', 'ts old', 'rust']);
    expect(await titles({ projectId: rust })).toEqual(['rust']);
    const go = (await find({ projectId: quiet })).json() as IssueListResponse;
    expect(go.data[0]?.responsiveness).toEqual({
      medianHours: null,
      text: 'no maintainer reply on recent issues',
    });

    const bad = await find({ updatedWithinDays: 14 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('body.updatedWithinDays');
  });

  it('sorts newest, recently updated and fewest comments', async () => {
    const db = t.database.db;
    const p = await addProject(db, 'a/p');
    await addIssue(db, p, 1, {
      title: 'old, busy, touched',
      createdAt: daysAgo(30),
      updatedAt: daysAgo(1),
      comments: 9,
    });
    await addIssue(db, p, 2, {
      title: 'mid, quiet',
      createdAt: daysAgo(20),
      updatedAt: daysAgo(20),
      comments: 0,
    });
    await addIssue(db, p, 3, {
      title: 'new, some',
      createdAt: daysAgo(10),
      updatedAt: daysAgo(5),
      comments: 2,
    });
    await addIssue(db, p, 4, {
      title: 'newest, quiet',
      createdAt: daysAgo(2),
      updatedAt: daysAgo(2),
      comments: 0,
    });

    expect(await titles({ sort: 'newest' })).toEqual([
      'newest, quiet',
      'new, some',
      'mid, quiet',
      'old, busy, touched',
    ]);
    expect(await titles({ sort: 'updated' })).toEqual([
      'old, busy, touched',
      'newest, quiet',
      'new, some',
      'mid, quiet',
    ]);
    expect(await titles({ sort: 'fewest_comments' })).toEqual([
      'newest, quiet',
      'mid, quiet',
      'new, some',
      'old, busy, touched',
    ]);
  });

  it('pages with a cursor: every issue once, in order, for every sort, even with equal times', async () => {
    const db = t.database.db;
    const p = await addProject(db, 'a/many');
    const sameTime = daysAgo(3);
    for (let n = 1; n <= 47; n++) {
      await addIssue(db, p, n, {
        // Many share one creation time and one comment count: the id breaks the ties.
        createdAt: n % 3 === 0 ? sameTime : daysAgo(n / 7),
        updatedAt: daysAgo((n * 7) % 11),
        comments: n % 4,
      });
    }
    for (const sort of ['newest', 'updated', 'fewest_comments']) {
      const first = (await find({ sort })).json() as IssueListResponse;
      expect(first.data).toHaveLength(20);
      expect(first.nextCursor).not.toBeNull();
      const rows = await allPages({ sort });
      expect(rows).toHaveLength(47);
      expect(new Set(rows.map((r) => r.number)).size).toBe(47);
      // The pages joined are the one list the sort gives.
      const keys = rows.map((r) =>
        sort === 'newest'
          ? [-Date.parse(r.createdAt), -r.issueId]
          : sort === 'updated'
            ? [-Date.parse(r.updatedAt), -r.issueId]
            : [r.comments, -Date.parse(r.createdAt), -r.issueId],
      );
      const sorted = [...keys].sort((a, b) => {
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
        return 0;
      });
      expect(keys).toEqual(sorted);
    }
  });

  it('refuses a cursor that is not one, or belongs to another sort, naming the field', async () => {
    const db = t.database.db;
    const p = await addProject(db, 'a/p');
    for (let n = 1; n <= 21; n++) await addIssue(db, p, n);
    const { nextCursor } = (await find({ sort: 'newest' })).json() as IssueListResponse;
    const other = await find({ sort: 'updated', cursor: nextCursor });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(
      'body.cursor belongs to another sort: start again from the first page.',
    );
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'nonsense',
      forged({ s: 'newest', a: 'x', i: 1 }),
      forged({ s: 'newest', a: '2026-02-30T10:00:00.000000Z', i: 1 }),
      forged({ s: 'newest', a: '2026-02-03T10:00:00.000000Z', i: -1 }),
    ]) {
      const res = await find({ cursor });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('body.cursor');
    }
  });

  it('ranks best for you by the languages and topics of your public repositories, saying why', async () => {
    const db = t.database.db;
    const ts = await addProject(db, 'a/ts', { language: 'TypeScript', topics: ['web'] });
    const tsCli = await addProject(db, 'a/ts-cli', { language: 'TypeScript', topics: ['cli'] });
    const rust = await addProject(db, 'a/rust', { language: 'Rust', topics: ['cli'] });
    const go = await addProject(db, 'a/go', { language: 'Go', topics: ['web'] });
    const cobol = await addProject(db, 'a/cobol', { language: 'COBOL' });
    await addIssue(db, ts, 1, { title: 'ts', createdAt: daysAgo(1) });
    await addIssue(db, tsCli, 2, { title: 'ts cli', createdAt: daysAgo(5) });
    await addIssue(db, rust, 3, { title: 'rust cli', createdAt: daysAgo(2) });
    await addIssue(db, go, 4, { title: 'go', createdAt: daysAgo(1.5) });
    await addIssue(db, cobol, 5, { title: 'cobol', createdAt: daysAgo(0) });

    const user = await createSignedInUser(db, 'ada');
    await createAccountsRepository(db).writeRepoCache(
      user.id,
      [
        {
          name: 'a',
          fullName: 'ada/a',
          url: 'u',
          description: null,
          language: 'TypeScript',
          stars: 0,
          topics: ['cli'],
        },
        {
          name: 'b',
          fullName: 'ada/b',
          url: 'u',
          description: null,
          language: 'TypeScript',
          stars: 0,
          topics: ['CLI'],
        },
        { name: 'c', fullName: 'ada/c', url: 'u', description: null, language: 'Rust', stars: 0 },
      ],
      new Date(),
    );
    const res = await find({ sort: 'best_for_you' }, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as IssueListResponse;
    expect(answer.sort).toBe('best_for_you');
    expect(answer.data.map((i) => [i.title, i.why])).toEqual([
      ['ts cli', 'you write TypeScript and your repositories are about cli'],
      ['ts', 'you write TypeScript'],
      ['rust cli', 'you write Rust and your repositories are about cli'],
    ]);

    // Paged one by one, the same order.
    const paged = await allPages({ sort: 'best_for_you', projectId: undefined }, user.cookie);
    expect(paged.map((i) => i.title)).toEqual(['ts cli', 'ts', 'rust cli']);

    // A user with no public repositories: the newest issues, nothing to say why, paged under best for you.
    const newcomer = await createSignedInUser(db, 'newcomer');
    await createAccountsRepository(db).writeRepoCache(newcomer.id, [], new Date());
    const plain = (await find({ sort: 'best_for_you' }, newcomer.cookie)).json() as IssueListResponse;
    expect(plain.sort).toBe('best_for_you');
    expect(plain.data.map((i) => [i.title, i.why])).toEqual([
      ['cobol', null],
      ['ts', null],
      ['go', null],
      ['rust cli', null],
      ['ts cli', null],
    ]);

    // Anonymous: the default sort, and the answer says so.
    const anonymous = (await find({ sort: 'best_for_you' })).json() as IssueListResponse;
    expect(anonymous.sort).toBe('newest');
    expect(anonymous.data.map((i) => i.title)).toEqual(['cobol', 'ts', 'go', 'rust cli', 'ts cli']);
    expect(anonymous.data.every((i) => i.why === null)).toBe(true);
  });
});
