import type { FinderIssue, IssueListResponse, Notification } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { openDatabase } from '../src/platform/db/database.js';
import { createTestDatabase } from './support/database.js';
import {
  installationEvent,
  installationRepositoriesEvent,
  issueCommentEvent,
  issuesEvent,
  pullRequestEvent,
  signedDelivery,
} from './support/fake-github.js';
import { call } from './support/groups.js';
import { addIssue, addProject, daysAgo } from './support/issues.js';
import { createSignedInUser } from './support/users.js';
import { listenForSockets, openSocket } from './support/realtime.js';

const SECRET = 'webhook-test-secret-0123456789';
const REPO = 'acme/widgets';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { GITHUB_WEBHOOK_SECRET: SECRET } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await sql`truncate projects, users, notifications, webhook_deliveries, github_installations restart identity cascade`.execute(
    t.database.db,
  );
});

type Send = { secret?: string | null; deliveryId?: string; body?: string; app?: TestApp };

async function send(event: string, payload: unknown, options: Send = {}) {
  const delivery = signedDelivery(
    options.secret === undefined ? SECRET : options.secret,
    event,
    payload,
    options,
  );
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: '/api/github/webhooks',
    headers: delivery.headers,
    payload: delivery.body,
  });
}

/** The project's issues as the finder answers anyone: taken ones too. */
async function finderRows(projectId: number, app: TestApp = t): Promise<FinderIssue[]> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/issues',
    headers: jsonHeaders,
    payload: { projectId, notTaken: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as IssueListResponse).data;
}

async function takenState(projectId: number, number: number, app?: TestApp): Promise<string | undefined> {
  const rows = await finderRows(projectId, app);
  return rows.find((row) => row.url.endsWith(`/issues/${number}`))?.taken.state;
}

async function storedIssue(projectId: number, number: number) {
  return t.database.db
    .selectFrom('issues')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('number', '=', number)
    .executeTakeFirst();
}

describe('POST /api/github/webhooks: who may deliver', () => {
  it('refuses a missing, forged or wrongly keyed signature with 401 and changes nothing', async () => {
    const p = await addProject(t.database.db, REPO);
    await addIssue(t.database.db, p, 1);
    const assigned = issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] });
    for (const secret of [null, 'another-secret-0123456789']) {
      const res = await send('issues', assigned, { secret });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    const signed = signedDelivery(SECRET, 'issues', assigned);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/github/webhooks',
      headers: signed.headers,
      payload: signed.body.replace('"ada"', '"eve"'),
    });
    expect(tampered.statusCode).toBe(401);
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/github/webhooks',
      headers: { ...signed.headers, 'x-hub-signature-256': 'sha256=zz' },
      payload: signed.body,
    });
    expect(garbled.statusCode).toBe(401);
    expect(await takenState(p, 1)).toBe('free');
    const deliveries = await t.database.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(deliveries).toEqual([]);
  });

  it('answers 404 with the reason when no webhook secret is set, and the rest of the site works', async () => {
    const plain = await createTestApp();
    try {
      const res = await send('issues', issuesEvent(REPO, 'opened', { number: 1 }), { app: plain });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toMatch(/GITHUB_WEBHOOK_SECRET/);
      expect((await plain.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });

  it('applies a delivery once: a redelivery answers 200 and changes nothing', async () => {
    const p = await addProject(t.database.db, REPO);
    await addIssue(t.database.db, p, 1);
    const first = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
      deliveryId: 'd-1',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'applied' });
    // Someone unassigned meanwhile (another delivery); the old one sent again must not assign anew.
    await send(
      'issues',
      issuesEvent(REPO, 'unassigned', { number: 1, assignees: [], updatedAt: new Date(Date.now() + 1000) }),
    );
    const again = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
      deliveryId: 'd-1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'duplicate' });
    expect(await takenState(p, 1)).toBe('free');
  });

  it('forgets delivery ids after 30 days, pruned as deliveries come', async () => {
    const fresh = await createTestApp({ env: { GITHUB_WEBHOOK_SECRET: SECRET } });
    try {
      const db = fresh.database.db;
      await db
        .insertInto('webhook_deliveries')
        .values([
          { delivery_id: 'old', event: 'issues', received_at: daysAgo(31) },
          { delivery_id: 'recent', event: 'issues', received_at: daysAgo(3) },
        ])
        .execute();
      const p = await addProject(db, REPO);
      await addIssue(db, p, 1);
      const res = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
        app: fresh,
        deliveryId: 'new',
      });
      expect(res.statusCode).toBe(200);
      const ids = await db
        .selectFrom('webhook_deliveries')
        .select('delivery_id')
        .orderBy('delivery_id')
        .execute();
      expect(ids.map((row) => row.delivery_id)).toEqual(['new', 'recent']);
    } finally {
      await fresh.close();
    }
  });

  it('ignores unknown repositories, events and actions with 202', async () => {
    const p = await addProject(t.database.db, REPO);
    await addIssue(t.database.db, p, 1);
    const unknownRepo = await send('issues', issuesEvent('other/repo', 'opened', { number: 5 }));
    expect(unknownRepo.statusCode).toBe(202);
    expect(unknownRepo.json()).toEqual({ outcome: 'ignored' });
    const ping = await send('ping', { zen: 'Design for failure.', hook_id: 1 });
    expect(ping.statusCode).toBe(202);
    const star = await send('star', { action: 'created', repository: { full_name: REPO } });
    expect(star.statusCode).toBe(202);
    const pinned = await send('issues', issuesEvent(REPO, 'pinned', { number: 1, assignees: ['ada'] }));
    expect(pinned.statusCode).toBe(202);
    expect(await takenState(p, 1)).toBe('free');
    const deliveries = await t.database.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(deliveries).toEqual([]);
  });

  it('answers 400 for a body that is not JSON, not an object, or misses what its event needs', async () => {
    await addProject(t.database.db, REPO);
    for (const [event, body] of [
      ['issues', '{"action":'],
      ['issues', '[1,2]'],
      ['issues', JSON.stringify({ action: 'opened', repository: { full_name: REPO } })],
      ['issues', JSON.stringify({ action: 'opened', issue: { number: 1 } })],
      ['pull_request', JSON.stringify({ action: 'opened', repository: { full_name: REPO } })],
      ['installation', JSON.stringify({ action: 'created', installation: { id: 'x' } })],
    ] as const) {
      const res = await send(event, null, { body });
      expect(res.statusCode, `${event} ${body} ${res.body}`).toBe(400);
    }
    const noEvent = signedDelivery(SECRET, 'issues', {});
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/github/webhooks',
      headers: { ...noEvent.headers, 'x-github-event': '' },
      payload: noEvent.body,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const payload = { ...issuesEvent(REPO, 'opened', { number: 1 }), padding: 'x'.repeat(1024 * 1024) };
    const res = await send('issues', payload);
    expect(res.statusCode).toBe(413);
    // Bodies of ordinary size pass the app's smaller limit for JSON: this one is 200 kB.
    await addProject(t.database.db, REPO);
    const big = { ...issuesEvent(REPO, 'opened', { number: 2 }), padding: 'x'.repeat(200_000) };
    expect((await send('issues', big)).statusCode).toBe(200);
  });
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

describe('what a delivery changed reaches open pages', () => {
  it('a socket following issues hears which issues changed, after the commit', async () => {
    const p = await addProject(t.database.db, REPO);
    const id = await addIssue(t.database.db, p, 1);
    const socket = await openSocket(await listenForSockets(t.app), { cookie: null });
    try {
      await socket.next('ready');
      socket.send({ type: 'follow-issues' });
      // The follow is settled once a later frame is answered: an unknown frame's error comes after it.
      socket.send({ type: 'nonsense' });
      await socket.next('error');
      await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }));
      const changed = await socket.next('issues-changed', undefined, 10_000);
      expect(changed.issueIds).toEqual([id]);
    } finally {
      socket.close();
    }
  });
});

/** Two nodes on one PostgreSQL schema (PGlite is one process): what a deployment behind a load balancer is. */
describe.runIf(process.env.OPENLFG_TEST_DB === 'postgres')('on several nodes', () => {
  it('a delivery to one node reaches a socket following issues on another', async () => {
    const schema = t.database.schema;
    const url = process.env.TEST_DATABASE_URL;
    if (!schema || !url) throw new Error('the PostgreSQL test database has a schema of its own');
    const second = await openDatabase({ kind: 'postgres', url, poolSize: 2, searchPath: schema });
    const nodeB = await createTestApp({
      database: { ...second, dispose: () => second.close() },
      env: { GITHUB_WEBHOOK_SECRET: SECRET },
    });
    try {
      const p = await addProject(t.database.db, REPO);
      const id = await addIssue(t.database.db, p, 1);
      const socket = await openSocket(await listenForSockets(nodeB.app), { cookie: null });
      try {
        await socket.next('ready');
        socket.send({ type: 'follow-issues' });
        socket.send({ type: 'nonsense' });
        await socket.next('error');
        const res = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }));
        expect(res.statusCode).toBe(200);
        expect((await socket.next('issues-changed', undefined, 10_000)).issueIds).toEqual([id]);
        expect(await takenState(p, 1, nodeB)).toBe('assigned');
      } finally {
        socket.close();
      }
    } finally {
      await nodeB.close();
      await second.close();
    }
  });
});

describe('a delivery is committed before its answer', () => {
  it('a node stopped right after answering has lost nothing: another node sees it and refuses its redelivery', async () => {
    const database = await createTestDatabase();
    const env = { GITHUB_WEBHOOK_SECRET: SECRET };
    try {
      const first = await createTestApp({ database, env });
      const p = await addProject(database.db, REPO);
      await addIssue(database.db, p, 1);
      const res = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
        app: first,
        deliveryId: 'kept',
      });
      expect(res.statusCode).toBe(200);
      await first.close();
      const second = await createTestApp({ database, env });
      try {
        expect(await takenState(p, 1, second)).toBe('assigned');
        const again = await send('issues', issuesEvent(REPO, 'assigned', { number: 1, assignees: ['ada'] }), {
          app: second,
          deliveryId: 'kept',
        });
        expect(again.json()).toEqual({ outcome: 'duplicate' });
      } finally {
        await second.close();
      }
    } finally {
      await database.dispose();
    }
  });
});
