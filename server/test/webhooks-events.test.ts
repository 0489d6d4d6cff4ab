// What each GitHub event a delivery brings changes in the stored issues (the deliveries themselves: webhooks.test.ts).
import type { Notification } from '@openlfg/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/app.js';
import { REPO, useWebhooksWorld } from './support/webhooks.js';
import {
  installationEvent,
  installationRepositoriesEvent,
  issueCommentEvent,
  issuesEvent,
  pullRequestEvent,
} from './support/fake-github.js';
import { call } from './support/groups.js';
import { addIssue, addProject, daysAgo } from './support/issues.js';
import { createSignedInUser } from './support/users.js';
import { storeRecentIssues } from '../src/catalog/sync/responsiveness-writes.js';

const { world, send, finderRows, takenState, storedIssue } = useWebhooksWorld();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
let t: TestApp;
beforeAll(() => {
  t = world.t;
});

describe('issues events', () => {
  it('an opened beginner issue joins the finder; one without a beginner label does not', async () => {
    const p = await addProject(t.database.db, REPO);
    expect(
      (await send('issues', issuesEvent(REPO, 'opened', { number: 7, title: 'Fix typo' }))).statusCode,
    ).toBe(200);
    await send('issues', issuesEvent(REPO, 'opened', { number: 8, labels: ['bug'] }));
    const rows = await finderRows(p);
    expect(rows.map((row) => row.title)).toEqual(['Fix typo']);
    expect(rows[0]?.taken.state).toBe('free');
  });

  it('an issue opened through a delivery alerts the saved searches it matches, once; an edit does not', async () => {
    const ada = await createSignedInUser(t.database.db, 'webhook-alert-ada');
    await addProject(t.database.db, REPO, { language: 'TypeScript' });
    const saved = await call(t.app, 'POST', '/api/account/alerts', ada.cookie, {
      filters: { languages: ['TypeScript'] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const newIssues = async () =>
      ((await call(t.app, 'GET', '/api/notifications', ada.cookie)).json().data as Notification[]).filter(
        (n) => n.kind === 'new-issues',
      );

    await send('issues', issuesEvent(REPO, 'opened', { number: 9, title: 'Add a dark theme' }));
    expect((await newIssues()).map((n) => n.issueCount)).toEqual([1]);
    // The same issue again (edited): not a new issue, nobody is told again.
    await send(
      'issues',
      issuesEvent(REPO, 'edited', {
        number: 9,
        title: 'Add a dark theme',
        updatedAt: new Date(Date.now() + 1000),
      }),
    );
    expect(await newIssues()).toHaveLength(1);
  });

  it('assigned and unassigned turn the taken signal on and off', async () => {
    const p = await addProject(t.database.db, REPO);
    await addIssue(t.database.db, p, 1);
    await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }));
    expect(await takenState(p, 1)).toBe('assigned');
    expect((await storedIssue(p, 1))?.assignee).toBe('ada');
    await send(
      'issues',
      issuesEvent(REPO, 'unassigned', { number: 1, assignees: [], updatedAt: new Date(Date.now() + 1000) }),
    );
    expect(await takenState(p, 1)).toBe('free');
  });

  it('closed, deleted and transferred issues leave the finder and end claims; reopened ones come back', async () => {
    const p = await addProject(t.database.db, REPO);
    for (const n of [1, 2, 3]) await addIssue(t.database.db, p, n);
    await send('issues', issuesEvent(REPO, 'closed', { number: 1, state: 'closed' }));
    await send('issues', issuesEvent(REPO, 'deleted', { number: 2 }));
    await send('issues', issuesEvent(REPO, 'transferred', { number: 3 }));
    expect(await finderRows(p)).toEqual([]);
    expect((await storedIssue(p, 1))?.open).toBe(false);
    await send(
      'issues',
      issuesEvent(REPO, 'reopened', { number: 1, updatedAt: new Date(Date.now() + 1000) }),
    );
    expect((await finderRows(p)).map((row) => row.title)).toEqual(['Issue 1']);
  });

  it('labeled and unlabeled move an issue in and out; edited changes its title', async () => {
    const p = await addProject(t.database.db, REPO);
    await send('issues', issuesEvent(REPO, 'labeled', { number: 4, labels: ['bug', 'help wanted'] }));
    expect((await finderRows(p)).map((row) => row.title)).toEqual(['Issue 4']);
    await send(
      'issues',
      issuesEvent(REPO, 'edited', { number: 4, title: 'Better title', labels: ['bug', 'help wanted'] }),
    );
    expect((await finderRows(p)).map((row) => row.title)).toEqual(['Better title']);
    await send('issues', issuesEvent(REPO, 'unlabeled', { number: 4, labels: ['bug'] }));
    expect(await finderRows(p)).toEqual([]);
  });

  it('a delivery older than what is stored changes nothing (deliveries may arrive out of order)', async () => {
    const p = await addProject(t.database.db, REPO);
    await addIssue(t.database.db, p, 1, { updatedAt: new Date() });
    await send(
      'issues',
      issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'], updatedAt: daysAgo(2) }),
    );
    expect(await takenState(p, 1)).toBe('free');
  });
});

describe('issue_comment events', () => {
  it("a contributor's claim comment marks the issue taken; a maintainer's or an unrelated one does not", async () => {
    const p = await addProject(t.database.db, REPO);
    for (const n of [1, 2, 3]) await addIssue(t.database.db, p, n);
    await send(
      'issue_comment',
      issueCommentEvent(REPO, { number: 1 }, { body: "I'd like to work on this!", by: 'kim' }),
    );
    await send(
      'issue_comment',
      issueCommentEvent(REPO, { number: 2 }, { body: 'working on it', by: 'owner', association: 'OWNER' }),
    );
    await send(
      'issue_comment',
      issueCommentEvent(REPO, { number: 3 }, { body: 'Is anyone working on this?', by: 'lee' }),
    );
    expect(await takenState(p, 1)).toBe('claim_comment');
    expect((await storedIssue(p, 1))?.claim_comment_by).toBe('kim');
    expect(await takenState(p, 2)).toBe('free');
    expect(await takenState(p, 3)).toBe('free');
  });

  it("a maintainer's first answer moves the project's responsiveness, as the sync measures it, once", async () => {
    const p = await addProject(t.database.db, REPO);
    // As the sync stored them: answered in 10 and 30 hours, one unanswered; the median is 20 hours.
    const recent = (number: number, opened: number, answered: number | null) => ({
      number,
      createdAt: hoursAgo(opened).toISOString(),
      answeredAt: answered === null ? null : hoursAgo(answered).toISOString(),
    });
    await storeRecentIssues(t.database.db, [
      { id: p, recentIssues: [recent(1, 100, 90), recent(2, 50, null), recent(3, 40, 10)] },
    ]);
    const medianHours = async () => (await finderRows(p))[0]?.responsiveness.medianHours;
    const reply = (number: number, opened: number, association: string, answered: number) =>
      issueCommentEvent(
        REPO,
        { number, createdAt: hoursAgo(opened) },
        { body: 'Thanks, a test would help here.', by: 'maintainer', association, at: hoursAgo(answered) },
      );

    // Issue 2 answered in 2 hours by a member: 2, 10, 30.
    const first = reply(2, 50, 'MEMBER', 48);
    expect((await send('issue_comment', first, { deliveryId: 'answer-1' })).statusCode).toBe(200);
    expect(await medianHours()).toBe(10);
    // The same delivery again, a later answer to the same issue, a contributor's comment: nothing moves.
    expect((await send('issue_comment', first, { deliveryId: 'answer-1' })).json()).toEqual({
      outcome: 'duplicate',
    });
    await send('issue_comment', reply(2, 50, 'OWNER', 1), { deliveryId: 'answer-2' });
    await send('issue_comment', reply(3, 40, 'NONE', 39), { deliveryId: 'answer-3' });
    expect(await medianHours()).toBe(10);
    // An issue the sync has not seen yet, answered by a collaborator in 4 hours: 2, 4, 10, 30.
    await send('issue_comment', reply(4, 5, 'COLLABORATOR', 1), { deliveryId: 'answer-4' });
    expect(await medianHours()).toBe(7);

    // A project whose recent issues the sync has not stored keeps its figure until the sync measures them.
    const other = await addProject(t.database.db, 'acme/gadgets', { medianHours: 50 });
    const elsewhere = issueCommentEvent(
      'acme/gadgets',
      { number: 1 },
      { body: 'Thanks!', by: 'maintainer', association: 'OWNER' },
    );
    expect((await send('issue_comment', elsewhere)).statusCode).toBe(200);
    expect((await finderRows(other))[0]?.responsiveness.medianHours).toBe(50);
  });

  it("a comment on a pull request is not an issue's", async () => {
    const p = await addProject(t.database.db, REPO);
    await addIssue(t.database.db, p, 1);
    const payload = issueCommentEvent(REPO, { number: 1 }, { body: '/assign', by: 'kim' });
    const res = await send('issue_comment', {
      ...payload,
      issue: { ...payload.issue, pull_request: { url: 'x' } },
    });
    expect(res.statusCode).toBe(202);
    expect(await takenState(p, 1)).toBe('free');
  });
});

describe('pull_request events', () => {
  it('an opened pull request that closes issues takes them; closing it frees them', async () => {
    const p = await addProject(t.database.db, REPO);
    for (const n of [1, 2, 3]) await addIssue(t.database.db, p, n);
    const pull = { number: 40, body: 'Fixes #1, closes acme/widgets#2. See #3.', by: 'lin' };
    await send('pull_request', pullRequestEvent(REPO, 'opened', pull));
    expect(await takenState(p, 1)).toBe('pull_request');
    expect(await takenState(p, 2)).toBe('pull_request');
    expect(await takenState(p, 3)).toBe('free');
    expect((await storedIssue(p, 1))?.pull_request_by).toBe('lin');
    await send('pull_request', pullRequestEvent(REPO, 'closed', pull));
    expect(await takenState(p, 1)).toBe('free');
    expect(await takenState(p, 2)).toBe('free');
    await send('pull_request', pullRequestEvent(REPO, 'reopened', pull));
    expect(await takenState(p, 1)).toBe('pull_request');
  });

  it('an edit that drops an issue from the text frees it and one that adds an issue takes it', async () => {
    const p = await addProject(t.database.db, REPO);
    for (const n of [1, 2]) await addIssue(t.database.db, p, n);
    await send('pull_request', pullRequestEvent(REPO, 'opened', { number: 41, body: 'Fixes #1' }));
    await send(
      'pull_request',
      pullRequestEvent(REPO, 'edited', { number: 41, body: 'Fixes #2' }, { body: { from: 'Fixes #1' } }),
    );
    expect(await takenState(p, 1)).toBe('free');
    expect(await takenState(p, 2)).toBe('pull_request');
  });
});

describe('installation events', () => {
  it('records which installation covers which catalogued projects', async () => {
    const widgets = await addProject(t.database.db, REPO);
    const gadgets = await addProject(t.database.db, 'acme/gadgets');
    const coverage = async () =>
      Object.fromEntries(
        (await t.database.db.selectFrom('projects').select(['id', 'github_installation_id']).execute()).map(
          (row) => [row.id, row.github_installation_id],
        ),
      );
    const created = await send(
      'installation',
      installationEvent('created', 77, 'acme', [REPO, 'acme/unknown']),
    );
    expect(created.statusCode).toBe(200);
    expect(await coverage()).toEqual({ [widgets]: 77, [gadgets]: null });
    await send(
      'installation_repositories',
      installationRepositoriesEvent('added', 77, 'acme', ['acme/gadgets']),
    );
    await send('installation_repositories', installationRepositoriesEvent('removed', 77, 'acme', [REPO]));
    expect(await coverage()).toEqual({ [widgets]: null, [gadgets]: 77 });
    await send('installation', installationEvent('deleted', 77, 'acme'));
    expect(await coverage()).toEqual({ [widgets]: null, [gadgets]: null });
    expect(await t.database.db.selectFrom('github_installations').selectAll().execute()).toEqual([]);
  });
});
