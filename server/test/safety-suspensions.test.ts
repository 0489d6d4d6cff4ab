import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { FakeGitHub } from './support/fake-github.js';
import { call } from './support/groups.js';
import { listenForSockets, openSocket } from './support/realtime.js';
import { CookieJar, signIn } from './support/sign-in.js';
import { createSignedInUser } from './support/users.js';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

let t: TestApp;
let github: FakeGitHub;
let mod: User;
let users = 0;
const fresh = (name: string) => createSignedInUser(t.database.db, `sus-${name}-${++users}`);

beforeAll(async () => {
  github = await new FakeGitHub().start();
  t = await createTestApp({ env: { ...github.env(), ADMIN_LOGINS: 'sus-mod' } });
  mod = await createSignedInUser(t.database.db, 'sus-mod');
});
afterAll(async () => {
  await t.close();
  await github.stop();
});

const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);
const report = (reporter: User, login: string, reason: string) =>
  call(t.app, 'POST', '/api/users/report', reporter.cookie, { login, reason });

async function auditOf(login: string) {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_login', 'object_type', 'reason'])
    .where('object_id', '=', login)
    .orderBy('id')
    .execute();
  return rows.map((row) => [row.action, row.actor_login, row.object_type, row.reason]);
}

describe('reporting a user', () => {
  it('files a report that moderators see beside reports on groups, with the reporter and reason', async () => {
    const [spammer, reporter] = [await fresh('spammer'), await fresh('reporter')];
    const res = await report(reporter, spammer.login, '  Sends spam links to everyone  ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ login: spammer.login, status: 'open' });
    const list = await call(t.app, 'GET', '/api/admin/user-reports', mod.cookie);
    expect(list.statusCode).toBe(200);
    const entry = list.json().data.find((u: { login: string }) => u.login === spammer.login);
    expect(entry).toMatchObject({
      suspended: false,
      reports: [{ reporter: reporter.login, reason: 'Sends spam links to everyone' }],
    });
  });

  it('refuses a report on oneself, on nobody, with a blank reason, and the list to non-moderators', async () => {
    const me = await fresh('me');
    expect((await report(me, me.login, 'me')).statusCode).toBe(409);
    expect((await report(me, 'nobody-at-all-here', 'spam')).statusCode).toBe(404);
    expect((await report(me, mod.login, '   ')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/user-reports', me.cookie)).statusCode).toBe(403);
  });

  it('lets a moderator dismiss the reports, audit-logged', async () => {
    const [person, reporter] = [await fresh('person'), await fresh('reporter')];
    ok(await report(reporter, person.login, 'Rude'));
    const res = await call(t.app, 'POST', `/api/admin/user-reports/${person.login}/dismiss`, mod.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reportsClosed: 1, suspended: false });
    expect(await auditOf(person.login)).toEqual([['user-report.dismiss', mod.login, 'user', null]]);
    const again = await call(
      t.app,
      'POST',
      `/api/admin/user-reports/${person.login}/dismiss`,
      mod.cookie,
      {},
    );
    expect(again.statusCode).toBe(409);
  });
});

describe('suspending an account', () => {
  it('signs it out everywhere, refuses its sign-in with the reason, audit-logs it, and can be lifted', async () => {
    github.nextUser = {
      id: 4242,
      login: 'sus-octo',
      name: 'Octo',
      avatar_url: 'https://avatars.githubusercontent.com/u/4242',
    };
    const laptop = new CookieJar();
    const phone = new CookieJar();
    ok(await signIn(t.app, laptop));
    ok(await signIn(t.app, phone));
    const reporter = await fresh('reporter');
    ok(await report(reporter, 'sus-octo', 'Harasses people in groups'));

    const res = await call(t.app, 'POST', '/api/admin/users/sus-octo/suspend', mod.cookie, {
      reason: 'Harassment',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ login: 'sus-octo', suspended: true, sessionsEnded: 2, reportsClosed: 1 });

    // Its sessions are gone: both browsers are signed out.
    const { count } = await t.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(sql<number>`count(*)`.as('count'))
      .where('users.login', '=', 'sus-octo')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
    for (const jar of [laptop, phone]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/account/user-info',
        headers: { cookie: jar.header() },
      });
      expect(me.statusCode).toBeGreaterThanOrEqual(401);
      expect(me.statusCode).toBeLessThanOrEqual(403);
    }

    // Signing in again is refused with the reason, and starts no session.
    const refused = await signIn(t.app, new CookieJar());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: 'Your account is suspended: Harassment',
    });

    // Its reports are closed, and no longer listed.
    const list = await call(t.app, 'GET', '/api/admin/user-reports', mod.cookie);
    expect(list.json().data.map((u: { login: string }) => u.login)).not.toContain('sus-octo');
    // Suspending twice is refused.
    const twice = await call(t.app, 'POST', '/api/admin/users/sus-octo/suspend', mod.cookie, { reason: 'x' });
    expect(twice.statusCode).toBe(409);

    const lifted = await call(t.app, 'POST', '/api/admin/users/sus-octo/lift-suspension', mod.cookie, {
      reason: 'Apologised',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ suspended: false });
    ok(await signIn(t.app, new CookieJar()));

    expect(await auditOf('sus-octo')).toEqual([
      ['user.suspend', mod.login, 'user', 'Harassment'],
      ['user.lift-suspension', mod.login, 'user', 'Apologised'],
    ]);
    const audit = await call(t.app, 'GET', '/api/admin/audit', mod.cookie);
    expect(audit.json().data.map((e: { action: string }) => e.action)).toContain('user.suspend');
  });

  it('closes the account’s open sockets at once (session-ended), leaving everyone else’s', async () => {
    const url = await listenForSockets(t.app);
    const [suspended, bystander] = [await fresh('socket'), await fresh('bystander')];
    const socket = await openSocket(url, { cookie: suspended.cookie });
    const other = await openSocket(url, { cookie: bystander.cookie });
    try {
      expect(await socket.next('ready')).toEqual({ type: 'ready', userId: suspended.id });
      await other.next('ready');
      ok(
        await call(t.app, 'POST', `/api/admin/users/${suspended.login}/suspend`, mod.cookie, {
          reason: 'Spam',
        }),
      );
      expect(await socket.closed).toBe(4401);
      expect(other.socket.readyState).toBe(other.socket.OPEN);
    } finally {
      socket.close();
      other.close();
    }
  });

  it('needs a reason, a user who exists, and a moderator; a moderator cannot suspend themselves', async () => {
    const someone = await fresh('someone');
    const path = `/api/admin/users/${someone.login}/suspend`;
    expect((await call(t.app, 'POST', path, mod.cookie, { reason: '   ' })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', path, mod.cookie, {})).statusCode).toBe(400);
    expect((await call(t.app, 'POST', path, someone.cookie, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', path, null, { reason: 'x' })).statusCode).toBe(401);
    const nobody = await call(t.app, 'POST', '/api/admin/users/nobody-here-x/suspend', mod.cookie, {
      reason: 'x',
    });
    expect(nobody.statusCode).toBe(404);
    const self = await call(t.app, 'POST', `/api/admin/users/${mod.login}/suspend`, mod.cookie, {
      reason: 'x',
    });
    expect(self.statusCode).toBe(409);
    const notSuspended = await call(
      t.app,
      'POST',
      `/api/admin/users/${someone.login}/lift-suspension`,
      mod.cookie,
      {
        reason: 'x',
      },
    );
    expect(notSuspended.statusCode).toBe(409);
  });
});
