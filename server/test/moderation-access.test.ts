import Fastify from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { registerAuthentication } from '../src/accounts/authentication.js';
import { cookieSettings } from '../src/accounts/cookies.js';
import type { Sessions } from '../src/accounts/sessions.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, type AdminRoute } from '../src/moderation/routes.js';
import { createTestApp, type TestApp } from './support/app.js';
import { FakeEcosystems } from './support/fake-ecosystems.js';
import { FakeGitHub } from './support/fake-github.js';
import { call } from './support/groups.js';
import { createRequest, reportedGroup } from './support/moderation.js';
import { createSignedInUser } from './support/users.js';

/**
 * Every /api/admin route as anonymous (401), a signed-in user who is not a moderator (403) and a moderator
 * (its success status). The table's keys are ADMIN_ROUTES, which the routes plugin enforces at registration.
 */
let t: TestApp;
let github: FakeGitHub;
let ecosystems: FakeEcosystems;
let moderator: { id: number; cookie: string };
let stranger: { id: number; cookie: string };
const fixtures = {
  approve: 0,
  reject: 0,
  figures: 0,
  dismiss: 0,
  hide: 0,
  remove: 0,
  project: 0,
  restore: 0,
  hidden: 0,
};

interface Case {
  body?: unknown;
  url: () => string;
  ok: number;
  /** GET /api/admin/me answers any signed-in user. */
  everyone?: boolean;
}

const table: Record<AdminRoute, Case> = {
  'GET /api/admin/me': { url: () => '/api/admin/me', ok: 200, everyone: true },
  'GET /api/admin/requests': { url: () => '/api/admin/requests?page=1', ok: 200 },
  'GET /api/admin/requests/:id/github': {
    url: () => `/api/admin/requests/${fixtures.figures}/github`,
    ok: 200,
  },
  'POST /api/admin/requests/:id/approve': {
    url: () => `/api/admin/requests/${fixtures.approve}/approve`,
    body: {},
    ok: 200,
  },
  'POST /api/admin/requests/:id/reject': {
    url: () => `/api/admin/requests/${fixtures.reject}/reject`,
    body: { reason: 'Not a beginner-friendly project.' },
    ok: 200,
  },
  'GET /api/admin/reports': { url: () => '/api/admin/reports', ok: 200 },
  'POST /api/admin/reports/:groupId/dismiss': {
    url: () => `/api/admin/reports/${fixtures.dismiss}/dismiss`,
    body: {},
    ok: 200,
  },
  'POST /api/admin/reports/:groupId/hide': {
    url: () => `/api/admin/reports/${fixtures.hide}/hide`,
    body: { reason: 'Spam.' },
    ok: 200,
  },
  'POST /api/admin/reports/:groupId/delete': {
    url: () => `/api/admin/reports/${fixtures.remove}/delete`,
    body: { reason: 'Scam.' },
    ok: 200,
  },
  'GET /api/admin/user-reports': { url: () => '/api/admin/user-reports?page=1', ok: 200 },
  'POST /api/admin/user-reports/:login/dismiss': {
    url: () => '/api/admin/user-reports/access-reported/dismiss',
    body: {},
    ok: 200,
  },
  'POST /api/admin/users/:login/suspend': {
    url: () => '/api/admin/users/access-suspend-me/suspend',
    body: { reason: 'Harassment.' },
    ok: 200,
  },
  'POST /api/admin/users/:login/lift-suspension': {
    url: () => '/api/admin/users/access-suspended/lift-suspension',
    body: { reason: 'Apologised.' },
    ok: 200,
  },
  'GET /api/admin/hidden-groups': { url: () => '/api/admin/hidden-groups?page=1', ok: 200 },
  'GET /api/admin/hidden-groups/:groupId': {
    url: () => `/api/admin/hidden-groups/${fixtures.hidden}`,
    ok: 200,
  },
  'POST /api/admin/hidden-groups/:groupId/restore': {
    url: () => `/api/admin/hidden-groups/${fixtures.restore}/restore`,
    body: { reason: 'Fixed by its owner.' },
    ok: 200,
  },
  'GET /api/admin/catalogue': { url: () => '/api/admin/catalogue', ok: 200 },
  'DELETE /api/admin/projects/:id': {
    url: () => `/api/admin/projects/${fixtures.project}`,
    body: {},
    ok: 204,
  },
  'POST /api/admin/sync': { url: () => '/api/admin/sync', body: {}, ok: 202 },
  'GET /api/admin/audit': { url: () => '/api/admin/audit?page=1', ok: 200 },
};

const TEST_ROUTE = '/api/test/moderators-only';

const methodOf = (route: AdminRoute) => route.split(' ')[0] as 'GET' | 'POST' | 'DELETE';

beforeAll(async () => {
  github = await new FakeGitHub().start();
  ecosystems = await new FakeEcosystems().start();
  github.repositories.set('acme/figures', { stargazerCount: 12, forkCount: 3 });
  github.repositories.set('acme/listed', { stargazerCount: 1, forkCount: 0 });
  t = await createTestApp({
    env: { ...github.syncEnv(), ...ecosystems.env(), ADMIN_LOGINS: 'Access-Mod' },
    // A moderator endpoint outside the moderation feature, with nothing of its own but its declaration.
    beforeReady: (app) => {
      app.route({
        method: 'POST',
        url: TEST_ROUTE,
        config: { auth: 'moderator' },
        schema: { body: Type.Object({ word: Type.String() }, { additionalProperties: false }) },
        handler: async (request) => ({ echoed: (request.body as { word: string }).word }),
      });
    },
  });
  const db = t.database.db;
  moderator = await createSignedInUser(db, 'access-mod');
  stranger = await createSignedInUser(db, 'access-stranger');
  const owner = await createSignedInUser(db, 'access-owner');
  const reported = await createSignedInUser(db, 'access-reported');
  await createSignedInUser(db, 'access-suspend-me');
  await createSignedInUser(db, 'access-suspended');
  await sql`update users set suspended_at = now(), suspension_reason = 'Spam.' where login = 'access-suspended'`.execute(
    db,
  );
  await db
    .insertInto('user_reports')
    .values({ user_id: reported.id, reporter_id: owner.id, reason: 'Rude.' })
    .execute();
  fixtures.approve = await createRequest(db, 'acme/approve-me', [stranger.id]);
  fixtures.reject = await createRequest(db, 'acme/reject-me', [stranger.id]);
  fixtures.figures = await createRequest(db, 'acme/figures', [stranger.id]);
  fixtures.dismiss = (await reportedGroup(t.app, db, owner.cookie)).groupId;
  fixtures.hide = (await reportedGroup(t.app, db, owner.cookie)).groupId;
  fixtures.remove = (await reportedGroup(t.app, db, owner.cookie)).groupId;
  fixtures.restore = (await reportedGroup(t.app, db, owner.cookie)).groupId;
  fixtures.hidden = (await reportedGroup(t.app, db, owner.cookie)).groupId;
  await sql`update group_projects set hidden_at = now(), hidden_reason = 'Spam.'
            where id in (${fixtures.restore}, ${fixtures.hidden})`.execute(db);
  fixtures.project = (
    await db
      .insertInto('projects')
      .values({ repo_ext: 'acme/listed', name: 'listed', topics: [] })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
  await github.stop();
  await ecosystems.stop();
});

describe('who reaches the moderation routes', () => {
  it('the table covers every admin route', () => {
    expect(Object.keys(table).sort()).toEqual([...ADMIN_ROUTES].sort());
  });

  describe.each(ADMIN_ROUTES)('%s', (route) => {
    const c = table[route];
    it('is refused to anonymous visitors with 401', async () => {
      const res = await call(t.app, methodOf(route), c.url(), null, c.body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    });

    it(
      c.everyone ? 'answers a signed-in user' : 'is refused to signed-in users who are not moderators',
      async () => {
        const res = await call(t.app, methodOf(route), c.url(), stranger.cookie, c.body);
        if (c.everyone) {
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ moderator: false });
        } else {
          expect(res.statusCode).toBe(403);
          expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: 'Only moderators can do this.' });
        }
      },
    );

    it(`answers a moderator with ${c.ok}`, async () => {
      const res = await call(t.app, methodOf(route), c.url(), moderator.cookie, c.body);
      expect(res.statusCode, res.body).toBe(c.ok);
      if (route === 'GET /api/admin/me') expect(res.json()).toEqual({ moderator: true });
    });
  });

  it('refuses a non-moderator before validating, so an invalid body still answers 403', async () => {
    const res = await call(t.app, 'POST', '/api/admin/requests/abc/reject', stranger.cookie, { nope: 1 });
    expect(res.statusCode).toBe(403);
  });

  it('guards any route that declares moderator access, before its body is validated', async () => {
    const invalid = { nope: 1 };
    const anonymous = await call(t.app, 'POST', TEST_ROUTE, null, invalid);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    const signedIn = await call(t.app, 'POST', TEST_ROUTE, stranger.cookie, invalid);
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json().error).toEqual({ code: 'FORBIDDEN', message: 'Only moderators can do this.' });
    // A moderator gets as far as validation, and past it with a good body.
    expect((await call(t.app, 'POST', TEST_ROUTE, moderator.cookie, invalid)).statusCode).toBe(400);
    const ok = await call(t.app, 'POST', TEST_ROUTE, moderator.cookie, { word: 'hello' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ echoed: 'hello' });
  });

  it('every route the app declares for moderators refuses everyone else, wherever it was registered', async () => {
    const guarded = t.app.declaredRoutes.filter((route) => route.config?.auth === 'moderator');
    expect(guarded.length).toBeGreaterThanOrEqual(ADMIN_ROUTES.length);
    for (const route of guarded) {
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
        const url = route.url.replace(/:\w+/g, 'not-a-number');
        const as = (cookie: string | null) => call(t.app, method as 'POST', url, cookie, { nope: 1 });
        expect((await as(null)).statusCode, `${method} ${route.url}`).toBe(401);
        expect((await as(stranger.cookie)).statusCode, `${method} ${route.url}`).toBe(403);
      }
    }
  });

  it('refuses at start a route that declares an access level nobody checks', async () => {
    const app = Fastify();
    registerAuthentication(app, {
      sessions: {} as Sessions,
      cookies: cookieSettings('http://localhost:3000'),
      isModerator: () => false,
    });
    expect(() =>
      app.get('/api/test/admins-only', { config: { auth: 'admin' as 'moderator' } }, async () => ({})),
    ).toThrow(/unknown access level/);
    await app.close();
  });

  it('lets the sync a moderator started finish', async () => {
    await expect
      .poll(
        async () =>
          (
            await sql<{ status: string }>`select status from sync_runs order by id desc limit 1`.execute(
              t.database.db,
            )
          ).rows[0]?.status,
        { timeout: 10_000 },
      )
      .not.toBe('running');
  });
});
