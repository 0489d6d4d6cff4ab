// Alerts for new issues: saved finder searches, at most 10 a user, only their owner's; new issues matched to them
// (every filter), told in the bell at most once an hour per alert, grouped.
import {
  MAX_ISSUE_ALERTS,
  notificationLink,
  notificationText,
  type IssueAlert,
  type IssueAlertsResponse,
  type Notification,
} from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call } from './support/groups.js';
import { addIssue, addProject, daysAgo } from './support/issues.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
type User = Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await sql`truncate projects, users, notifications restart identity cascade`.execute(t.database.db);
});

const create = (user: User | null, filters: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/account/alerts', user?.cookie ?? null, { filters });
async function save(user: User, filters: Record<string, unknown>): Promise<IssueAlert> {
  const res = await create(user, filters);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as IssueAlert;
}
const list = async (user: User) => {
  const res = await call(t.app, 'GET', '/api/account/alerts', user.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as IssueAlertsResponse;
};
const inbox = async (user: User) =>
  ((await call(t.app, 'GET', '/api/notifications', user.cookie)).json().data as Notification[]).filter(
    (n) => n.kind === 'new-issues',
  );

/** As the sync does: the new issues matched in the transaction that stored them, pushed after commit. */
async function arrive(issueIds: number[]) {
  const push = await t.database.db.transaction().execute((trx) => t.app.alertNewIssues(trx, issueIds));
  push();
}

/** The alert's hour passes: it was last told 61 minutes ago. */
async function hourPasses(alertId: number) {
  await sql`update issue_alerts set notified_at = now() - interval '61 minutes' where id = ${alertId}`.execute(
    t.database.db,
  );
}

describe('alerts for new issues: the list', () => {
  it('saves the finder filters, names them, lists them and removes them; only for their owner', async () => {
    const ada = await createSignedInUser(t.database.db, 'ada');
    const lin = await createSignedInUser(t.database.db, 'lin');
    const alert = await save(ada, { languages: ['TypeScript'], label: 'Good First Issue' });
    expect(alert).toMatchObject({
      name: 'TypeScript, good first issue',
      filters: { languages: ['TypeScript'], label: 'good first issue', notTaken: true },
      finderQuery: '?languages=TypeScript&label=good%20first%20issue',
      notifiedAt: null,
    });
    expect((await list(ada)).data.map((a) => a.id)).toEqual([alert.id]);
    expect((await list(lin)).data).toEqual([]);

    // Someone else's alert is refused as a missing one, and stays.
    const theirs = await call(t.app, 'DELETE', `/api/account/alerts/${alert.id}`, lin.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('You have no such alert.');
    expect((await list(ada)).data).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/api/account/alerts/${alert.id}`, null)).statusCode).toBe(401);

    expect((await call(t.app, 'DELETE', `/api/account/alerts/${alert.id}`, ada.cookie)).statusCode).toBe(204);
    expect((await list(ada)).data).toEqual([]);
    expect((await call(t.app, 'DELETE', `/api/account/alerts/${alert.id}`, ada.cookie)).statusCode).toBe(404);
  });

  it('keeps at most 10 a user: the 11th is refused with a message', async () => {
    const ada = await createSignedInUser(t.database.db, 'ada');
    for (let n = 0; n < MAX_ISSUE_ALERTS; n++) await save(ada, { topics: [`topic-${n}`] });
    const eleventh = await create(ada, { languages: ['Go'] });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toMatchObject({
      code: 'ALERT_LIMIT',
      message:
        'You already keep 10 alerts, the most one person may. Remove one under Alerts for new issues in your email settings (/settings/email) first.',
    });
    expect((await list(ada)).data).toHaveLength(MAX_ISSUE_ALERTS);
    // Another user is not held to ada's.
    expect((await create(await createSignedInUser(t.database.db, 'lin'), {})).statusCode).toBe(201);
  });

  it('refuses bad filters with a 4xx', async () => {
    const ada = await createSignedInUser(t.database.db, 'ada');
    expect((await create(ada, { sort: 'newest' })).statusCode).toBe(400);
    expect((await create(ada, { updatedWithinDays: 3 })).statusCode).toBe(400);
    expect((await create(ada, { projectId: 424242 })).statusCode).toBe(404);
    expect((await create(null, {})).statusCode).toBe(401);
  });
});

describe('alerts for new issues: matching and telling', () => {
  it('tells once at first, then at most once an hour, the issues meanwhile grouped', async () => {
    const ada = await createSignedInUser(t.database.db, 'ada');
    const p = await addProject(t.database.db, 'acme/widgets', { language: 'TypeScript' });
    const alert = await save(ada, { languages: ['TypeScript'], label: 'good first issue' });

    await arrive([await addIssue(t.database.db, p, 1)]);
    let told = await inbox(ada);
    expect(told).toHaveLength(1);
    expect(notificationText(told[0] as Notification)).toBe("1 new issue like 'TypeScript, good first issue'");
    expect(notificationLink(told[0] as Notification)).toBe(
      '/issues?languages=TypeScript&label=good%20first%20issue',
    );

    // Within the hour: nothing more is told, even by a round.
    await arrive([await addIssue(t.database.db, p, 2)]);
    await arrive([await addIssue(t.database.db, p, 3), await addIssue(t.database.db, p, 4)]);
    expect(await t.app.sendDueAlerts()).toBe(0);
    expect(await inbox(ada)).toHaveLength(1);

    // Once the hour has passed, one notification for the three.
    await hourPasses(alert.id);
    expect(await t.app.sendDueAlerts()).toBe(1);
    told = await inbox(ada);
    expect(told.map((n) => notificationText(n))).toEqual([
      "3 new issues like 'TypeScript, good first issue'",
      "1 new issue like 'TypeScript, good first issue'",
    ]);
    expect(await t.app.sendDueAlerts()).toBe(0);
  });

  it('matches every filter as the finder does', async () => {
    const db = t.database.db;
    const ada = await createSignedInUser(db, 'ada');
    const ts = await addProject(db, 'acme/ts', {
      language: 'TypeScript',
      topics: ['cli', 'react'],
      medianHours: 10,
    });
    const slow = await addProject(db, 'acme/slow', { language: 'TypeScript', medianHours: 500 });
    const quiet = await addProject(db, 'acme/quiet', { language: 'Go', lastPushAt: daysAgo(200) });
    const cases: [string, Record<string, unknown>][] = [
      ['any', {}],
      ['lang', { languages: ['Rust', 'TypeScript'] }],
      ['topics', { topics: ['react', 'cli'] }],
      ['topic-missing', { topics: ['react', 'web'] }],
      ['label', { label: 'help wanted' }],
      ['answers', { answersWithinWeek: true }],
      ['project', { projectId: slow }],
      ['quiet', { includeQuiet: true, languages: ['Go'] }],
      ['taken-too', { notTaken: false, languages: ['TypeScript'] }],
      ['updated', { updatedWithinDays: 7 }],
    ];
    const ids = new Map<number, string>();
    for (const [name, filters] of cases) ids.set((await save(ada, filters)).id, name);
    /** The alerts an arriving issue tells (each new to it, so each tells at once); then all are reset. */
    const matched = async (issueId: number) => {
      await arrive([issueId]);
      const told = await sql<{
        id: number;
      }>`select id from issue_alerts where notified_at is not null`.execute(db);
      await sql`update issue_alerts set notified_at = null`.execute(db);
      return told.rows.map((row) => ids.get(Number(row.id))).sort();
    };

    // TypeScript, cli + react, answers fast, labelled good first issue and help wanted, updated today.
    expect(await matched(await addIssue(db, ts, 1, { labels: ['good first issue', 'help wanted'] }))).toEqual(
      ['answers', 'any', 'label', 'lang', 'taken-too', 'topics', 'updated'].sort(),
    );
    // Updated 10 days ago, taken: only the alert that takes taken ones too and has no time limit.
    expect(
      await matched(
        await addIssue(db, ts, 2, {
          updatedAt: daysAgo(10),
          createdAt: daysAgo(10),
          assignee: 'kim',
          assignedAt: daysAgo(1),
        }),
      ),
    ).toEqual(['taken-too']);
    // A slow project's issue: the project's alert, and not "answers within a week".
    expect(await matched(await addIssue(db, slow, 1))).toEqual(
      ['any', 'lang', 'project', 'taken-too', 'updated'].sort(),
    );
    // A quiet project's issue: only for an alert that includes quiet projects.
    expect(await matched(await addIssue(db, quiet, 1))).toEqual(['quiet']);
  });
});
