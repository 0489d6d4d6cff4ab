import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeCatalogEntries } from '../src/catalog/write.js';
import { bareEntry } from '../src/catalog/sources/index.js';
import { createTestApp, type TestApp } from './support/app.js';
import { FakeGitHub, type FakeIssue } from './support/fake-github.js';
import { addIssue, daysAgo } from './support/issues.js';
import { createSignedInUser } from './support/users.js';

let github: FakeGitHub;
let t: TestApp;

const issue = (number: number, labels: string[], extra: Partial<FakeIssue> = {}): FakeIssue => ({
  number,
  title: `Issue ${number}`,
  html_url: `https://github.com/acme/widgets/issues/${number}`,
  labels: labels.map((name) => ({ name, color: 'd73a4a' })),
  comments: number % 3,
  created_at: '2026-11-01T10:00:00Z',
  user: { login: 'reporter' },
  assignee: null,
  ...extra,
});

const entry = (repoExt: string) => bareEntry(repoExt, 'test');

beforeAll(async () => {
  github = await new FakeGitHub().start();
  t = await createTestApp({ env: github.env() });
  await writeCatalogEntries(t.database.db, [entry('acme/widgets'), entry('acme/gone'), entry('acme/quiet')]);
  github.repoData.set('acme/widgets', {
    issues: [
      issue(12, ['Good First Issue', 'docs']),
      issue(11, ['bug'], { assignee: { login: 'busy' } }),
      issue(10, ['help wanted']),
    ],
    pulls: [
      { number: 13, title: 'Fix the docs', body: 'This fixes #12 and mentions #10 in passing.' },
      { number: 14, title: 'Unrelated', body: 'Closes other/repo#11' },
    ],
  });
});
afterAll(async () => {
  await t.close();
  await github.stop();
});
afterEach(() => {
  github.mode = 'up';
});

const getIssues = (repoExt: string) =>
  t.app.inject({ method: 'GET', url: `/api/projects/issues?repoExt=${encodeURIComponent(repoExt)}` });
const reads = (repo: string) => github.requests.filter((r) => r.path.startsWith(`/repos/${repo}/`));
const expire = () =>
  t.database.db
    .updateTable('project_issue_cache')
    .set({ fetched_at: new Date(Date.now() - 3_600_000) })
    .execute();

describe('GET /api/projects/issues', () => {
  it('answers the open issues, without pull requests, with beginner and linked-PR flags', async () => {
    const res = await getIssues('ACME/Widgets');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ repoExt: 'acme/widgets', stale: false });
    expect(body.issues.map((i: { number: number }) => i.number)).toEqual([12, 11, 10]);
    expect(body.issues[0]).toEqual({
      number: 12,
      title: 'Issue 12',
      url: 'https://github.com/acme/widgets/issues/12',
      labels: [
        { name: 'Good First Issue', color: 'd73a4a' },
        { name: 'docs', color: 'd73a4a' },
      ],
      comments: 0,
      createdAt: '2026-11-01T10:00:00.000Z',
      author: 'reporter',
      assignee: null,
      hasLinkedPullRequest: true,
      beginnerFriendly: true,
    });
    expect(body.issues[1]).toMatchObject({
      assignee: 'busy',
      hasLinkedPullRequest: false,
      beginnerFriendly: false,
    });
    // "help wanted" is one of the nine beginner labels; #10 is only mentioned, not closed, by a PR.
    expect(body.issues[2]).toMatchObject({ beginnerFriendly: true, hasLinkedPullRequest: false });
  });

  it('serves from the cache while fresh, then revalidates with ETags (304 keeps the cached issues)', async () => {
    const before = reads('acme/widgets').length;
    await getIssues('acme/widgets');
    expect(reads('acme/widgets').length).toBe(before);

    await expire();
    const res = await getIssues('acme/widgets');
    expect(res.json().issues).toHaveLength(3);
    expect(res.json().stale).toBe(false);
    const revalidations = reads('acme/widgets').slice(before);
    expect(revalidations).toHaveLength(2);
    expect(revalidations).toEqual([
      expect.objectContaining({ status: 304, ifNoneMatch: expect.stringMatching(/^W\/"/) }),
      expect.objectContaining({ status: 304, ifNoneMatch: expect.stringMatching(/^W\/"/) }),
    ]);
    expect(Date.now() - new Date(res.json().fetchedAt).getTime()).toBeLessThan(60_000);
  });

  it('picks up changes GitHub reports after the cache expires', async () => {
    github.repoData.get('acme/widgets')?.issues.unshift(issue(15, ['starter']));
    await expire();
    const res = await getIssues('acme/widgets');
    expect(res.json().issues.map((i: { number: number }) => i.number)).toEqual([15, 12, 11, 10]);
  });

  it.each([
    ['down', 'down' as const],
    ['rate-limited', 'rate-limited' as const],
    ['slower than the timeout', 'slow' as const],
  ])('serves the last answer with its age when GitHub is %s', async (_label, mode) => {
    await expire();
    github.mode = mode;
    const res = await getIssues('acme/widgets');
    expect(res.statusCode).toBe(200);
    expect(res.json().stale).toBe(true);
    expect(Date.now() - new Date(res.json().fetchedAt).getTime()).toBeGreaterThan(3_000_000);
    expect(res.json().issues.length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers 502 when GitHub fails and nothing is cached', async () => {
    github.mode = 'down';
    const res = await getIssues('acme/quiet');
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(
      'GitHub could not be reached for the issues of acme/quiet. Please try again in a moment.',
    );
  });

  it('answers 404 for a repository GitHub no longer has', async () => {
    const res = await getIssues('acme/gone');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('GitHub no longer has a repository acme/gone.');
  });

  it('is not an open proxy: a repository outside the catalogue is a 404 and never reaches GitHub', async () => {
    const res = await getIssues('torvalds/linux');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('torvalds/linux is not in the catalogue.');
    expect(reads('torvalds/linux')).toHaveLength(0);
  });

  it.each(['', 'no-slash', 'a/b/c', '-bad/x', '../etc/passwd'])(
    'refuses the malformed repoExt %j',
    async (repoExt) => {
      const res = await getIssues(repoExt);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    },
  );

  it('asks GitHub once when many people open the same project at the same moment', async () => {
    await expire();
    const before = reads('acme/widgets').length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => getIssues('acme/widgets')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(reads('acme/widgets').length - before).toBe(2);
  });

  it("adds the finder's taken signal and claims to the issues the sync stores, and the maintainers' responsiveness", async () => {
    await getIssues('acme/widgets');
    const db = t.database.db;
    const { id: projectId } = await db
      .selectFrom('projects')
      .select('id')
      .where('repo_ext', '=', 'acme/widgets')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('projects')
      .set({ maintainer_median_hours: 3, responsiveness_at: new Date() })
      .where('id', '=', projectId)
      .execute();
    const stored = await addIssue(db, projectId, 12, { assignee: 'busy', assignedAt: daysAgo(5) });
    const free = await addIssue(db, projectId, 10);
    const user = await createSignedInUser(db, 'claimer');
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/issues/claims',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', cookie: user.cookie },
      payload: { issueId: free },
    });
    expect(claimed.statusCode).toBe(201);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/projects/issues?repoExt=acme/widgets',
      headers: { cookie: user.cookie },
    });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const body = mine.json();
    expect(body.responsiveness).toEqual({
      medianHours: 3,
      text: 'maintainers usually answer within 3 hours',
    });
    const byNumber = (issues: { number: number }[], n: number) => issues.find((i) => i.number === n);
    const [twelve, eleven, ten] = [12, 11, 10].map((n) => byNumber(body.issues, n));
    expect(twelve).toMatchObject({
      number: 12,
      issueId: stored,
      taken: { state: 'assigned', reason: 'assigned to @busy 5 days ago, no pull request' },
      claim: null,
      hasLinkedPullRequest: true,
    });
    // Not a stored (beginner) issue: GitHub's fields only, as before.
    expect(eleven).not.toHaveProperty('taken');
    expect(ten).toMatchObject({
      issueId: free,
      taken: { state: 'claimed_here', by: 'claimer' },
      claim: { login: 'claimer', mine: true },
    });
    const anonymous = (await getIssues('acme/widgets')).json();
    expect(byNumber(anonymous.issues, 10)).toMatchObject({ claim: { login: 'claimer', mine: false } });
  });
});
