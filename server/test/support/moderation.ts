import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/app.js';
import { createTestApp, type TestApp } from './app.js';
import type { TestDatabase } from './database.js';
import { FakeEcosystems } from './fake-ecosystems.js';
import { FakeGitHub } from './fake-github.js';
import { call, postGroup } from './groups.js';
import { createSignedInUser } from './users.js';

/** A pending project request for `repoExt`, asked by each of `requesters` (user ids). */
export async function createRequest(db: TestDatabase['db'], repoExt: string, requesters: number[]) {
  const { id } = await db
    .insertInto('project_requests')
    .values({ repo_ext: repoExt })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const userId of requesters) {
    await db.insertInto('project_request_requesters').values({ request_id: id, user_id: userId }).execute();
  }
  return id;
}

let reporters = 0;

/** A group posted by `ownerCookie` and reported by `count` fresh users; answers its id and the reporters. */
export async function reportedGroup(
  app: App,
  db: TestDatabase['db'],
  ownerCookie: string,
  count = 1,
  overrides: Parameters<typeof postGroup>[2] = {},
) {
  const groupId = await postGroup(app, ownerCookie, overrides);
  const logins: string[] = [];
  for (let i = 0; i < count; i++) {
    const reporter = await createSignedInUser(db, `reporter-${++reporters}`);
    const res = await call(app, 'POST', '/api/group-projects/report', reporter.cookie, {
      groupProjectId: groupId,
      reason: `spam ${reporters}`,
    });
    if (res.statusCode !== 201) throw new Error(`reporting failed: ${res.statusCode} ${res.body}`);
    logins.push(reporter.login);
  }
  return { groupId, reporters: logins };
}

export async function auditRows(db: TestDatabase['db']) {
  return db.selectFrom('audit_log').selectAll().orderBy('id').execute();
}

export async function projectCount(db: TestDatabase['db'], repoExt: string): Promise<number> {
  const { count } = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export type ModerationUser = Awaited<ReturnType<typeof createSignedInUser>>;

/**
 * The moderation tests' app: moderators mod-one and Mod-Two (ADMIN_LOGINS, spaced and cased as an operator
 * might write it), a group owner, a member and one more user, with a fake GitHub and ecosyste.ms for the sync.
 */
export async function startModeration() {
  const github = await new FakeGitHub().start();
  const ecosystems = await new FakeEcosystems().start();
  const t = await createTestApp({
    env: { ...github.syncEnv(), ...ecosystems.env(), ADMIN_LOGINS: ' mod-one , MOD-TWO ' },
  });
  const db = t.database.db;
  const mod1 = await createSignedInUser(db, 'mod-one');
  const mod2 = await createSignedInUser(db, 'Mod-Two');
  const owner = await createSignedInUser(db, 'mod-owner');
  const member = await createSignedInUser(db, 'mod-member');
  const alice = await createSignedInUser(db, 'mod-alice');
  const stop = async () => {
    await t.close();
    await github.stop();
    await ecosystems.stop();
  };
  return { t, github, ecosystems, mod1, mod2, owner, member, alice, stop };
}

export type ModerationWorld = Awaited<ReturnType<typeof startModeration>>;

/**
 * A moderation test file's hooks: `startModeration` before its tests, stopped after them. Answers the world its
 * tests use (`m.t.app`, `m.mod1`), filled once the file's first test runs.
 */
export function useModeration(): ModerationWorld {
  const world = {} as ModerationWorld;
  beforeAll(async () => {
    Object.assign(world, await startModeration());
  });
  afterAll(() => world.stop());
  return world;
}

/** One of each moderator decision on requests and reports, through the API: approve, reject, dismiss, hide, delete. */
export async function moderateOnceEach(
  t: TestApp,
  users: { mod1: ModerationUser; owner: ModerationUser; alice: ModerationUser },
) {
  const { mod1, owner, alice } = users;
  const decide = async (path: string, body: object) => {
    const res = await call(t.app, 'POST', path, mod1.cookie, body);
    if (res.statusCode !== 200) throw new Error(`${path} failed: ${res.statusCode} ${res.body}`);
  };
  const approved = await createRequest(t.database.db, 'audit/approved', [alice.id]);
  await decide(`/api/admin/requests/${approved}/approve`, {});
  const rejected = await createRequest(t.database.db, 'audit/rejected', [alice.id]);
  await decide(`/api/admin/requests/${rejected}/reject`, { reason: 'Not maintained.' });
  for (const action of ['dismiss', 'hide', 'delete']) {
    const { groupId } = await reportedGroup(t.app, t.database.db, owner.cookie);
    await decide(`/api/admin/reports/${groupId}/${action}`, { reason: 'Audited.' });
  }
}
