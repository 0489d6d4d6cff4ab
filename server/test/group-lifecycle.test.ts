import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

/**
 * A group's lifecycle as its owner and others meet it: open, full, closed and archived; removing a member,
 * handing the group over, and each member's last activity, which only the owner sees.
 */
let t: TestApp;
type User = { id: number; cookie: string; login: string };
let owner: User;
let ann: User;
let ben: User;
let cat: User;
let moderator: User;

beforeAll(async () => {
  t = await createTestApp({ env: { LIST_CACHE_TTL_MS: '0', ADMIN_LOGINS: 'life-mod' } });
  owner = await createSignedInUser(t.database.db, 'life-owner');
  ann = await createSignedInUser(t.database.db, 'life-ann');
  ben = await createSignedInUser(t.database.db, 'life-ben');
  cat = await createSignedInUser(t.database.db, 'life-cat');
  moderator = await createSignedInUser(t.database.db, 'life-mod');
});
afterAll(() => t.close());

const setStatus = (cookie: string, groupProjectId: number, status: string) =>
  call(t.app, 'POST', '/api/group-projects/status', cookie, { groupProjectId, status });
const join = (user: User, groupProjectId: number) =>
  call(t.app, 'POST', '/api/group-projects/join', user.cookie, { groupProjectId });
let sent = 0;
const say = (user: User, groupProjectId: number, text: string) =>
  call(t.app, 'POST', '/api/messages/add-message', user.cookie, {
    groupProjectId,
    clientId: `life-${groupProjectId}-${user.login}-${++sent}`,
    text,
  });
const card = (user: User | null, id: number) =>
  call(t.app, 'GET', `/api/group-projects/${id}`, user?.cookie ?? null);
const info = (user: User | null, groupProjectId: number) =>
  call(t.app, 'POST', '/api/group-projects/discussion-info', user?.cookie ?? null, { groupProjectId });
const listIds = async (body: Record<string, unknown> = {}) => {
  const res = await call(t.app, 'POST', '/api/group-projects', null, {
    sortField: 'date_posted',
    order: 'DESC',
    page: 1,
    ...body,
  });
  expect(res.statusCode).toBe(200);
  const answer = res.json();
  return { ids: answer.data.map((g: { groupProjectId: number }) => g.groupProjectId), total: answer.total };
};

describe('status', () => {
  it('is full at capacity and open again when a spot frees', async () => {
    const id = await postGroup(t.app, owner.cookie, { maxMembers: 2 });
    expect((await card(null, id)).json().status).toBe('open');
    expect((await join(ann, id)).statusCode).toBe(200);
    expect((await card(null, id)).json().status).toBe('full');
    expect((await listIds({ statuses: ['full'] })).ids).toContain(id);
    expect((await listIds()).ids).toContain(id);
    expect((await join(ben, id)).json().error.message).toBe('This group is full.');
    await call(t.app, 'DELETE', '/api/group-projects/leave', ann.cookie, { groupProjectId: id });
    expect((await card(null, id)).json().status).toBe('open');
    expect((await listIds({ statuses: ['full'] })).ids).not.toContain(id);
    expect((await join(ben, id)).statusCode).toBe(200);
  });

  it('closed: no joins or requests, out of the default list, members still talk; reopened it takes them', async () => {
    const id = await postGroup(t.app, owner.cookie);
    const secret = await postGroup(t.app, owner.cookie, { visibility: 'private' });
    await join(ann, id);
    const closed = await setStatus(owner.cookie, id, 'closed');
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ groupProjectId: id, status: 'closed', viewer: { role: 'owner' } });
    expect((await setStatus(owner.cookie, secret, 'closed')).statusCode).toBe(200);

    const refused = await join(ben, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This group is closed: it takes no new members.');
    expect((await card(ben, id)).json().viewer.may.join).toBe(false);
    const request = await call(t.app, 'POST', '/api/group-projects/request', ben.cookie, {
      groupProjectId: secret,
    });
    expect(request.statusCode).toBe(409);

    // Members still post; others read a public board but cannot post on it.
    expect((await say(ann, id, 'still here')).statusCode).toBe(200);
    expect((await say(ben, id, 'let me in')).statusCode).toBe(403);
    expect((await info(ben, id)).statusCode).toBe(200);

    expect((await listIds()).ids).not.toContain(id);
    expect((await listIds({ statuses: ['closed'] })).ids).toEqual(expect.arrayContaining([id, secret]));
    expect((await listIds({ statuses: ['open', 'full', 'closed', 'archived'] })).ids).toContain(id);

    expect((await setStatus(owner.cookie, id, 'open')).json().status).toBe('open');
    expect((await join(ben, id)).statusCode).toBe(200);
    expect((await listIds()).ids).toContain(id);
  });

  it('archived: no joins, and the board is read-only for everyone, its owner included', async () => {
    const id = await postGroup(t.app, owner.cookie);
    await join(ann, id);
    expect((await say(ann, id, 'before')).statusCode).toBe(200);
    expect((await setStatus(owner.cookie, id, 'archived')).json().status).toBe('archived');

    for (const who of [owner, ann]) {
      const res = await say(who, id, 'after');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This group is archived: its board is read-only.');
    }
    expect((await join(ben, id)).statusCode).toBe(409);
    const history = await call(t.app, 'GET', `/api/messages/history?groupProjectId=${id}`, ann.cookie);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('before');
    expect((await info(ann, id)).json().data.viewer.may.post).toBe(false);
    expect((await listIds()).ids).not.toContain(id);
    expect((await listIds({ statuses: ['archived'] })).ids).toContain(id);

    expect((await setStatus(owner.cookie, id, 'open')).statusCode).toBe(200);
    expect((await say(ann, id, 'back')).statusCode).toBe(200);
  });

  it('only the owner sets it, and only to open, closed or archived', async () => {
    const id = await postGroup(t.app, owner.cookie);
    await join(ann, id);
    const byMember = await setStatus(ann.cookie, id, 'closed');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe("Only the group's owner can open, close or archive it.");
    const full = await setStatus(owner.cookie, id, 'full');
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toContain('body.status');
    expect((await setStatus(owner.cookie, 999_999, 'closed')).statusCode).toBe(404);
  });
});

describe('removing a member', () => {
  it('takes them out of a private group: no board, no info, a count one lower; audit-logged with the reason', async () => {
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private' });
    await call(t.app, 'POST', '/api/group-projects/request', ann.cookie, { groupProjectId: id });
    await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: id,
      requestUsername: ann.login,
    });
    expect((await say(ann, id, 'hello')).statusCode).toBe(200);

    const removed = await call(t.app, 'POST', '/api/group-projects/remove-member', owner.cookie, {
      groupProjectId: id,
      memberUsername: ann.login,
      reason: '  Spamming the board  ',
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ groupProjectId: id, memberCount: 1, viewer: { role: 'owner' } });

    expect((await info(ann, id)).statusCode).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/messages/history?groupProjectId=${id}`, ann.cookie)).statusCode,
    ).toBe(403);
    expect((await say(ann, id, 'again')).statusCode).toBe(403);
    expect((await info(owner, id)).json().data.members.map((m: { login: string }) => m.login)).toEqual([
      owner.login,
    ]);

    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'group.remove-member')
      .where('object_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_login: owner.login, reason: 'Spamming the board' });
    expect(entry.details).toMatchObject({ member: ann.login });
  });

  it('is the owner’s alone, of members only, never of the owner, with a reason of at most 500 characters', async () => {
    const id = await postGroup(t.app, owner.cookie);
    await join(ann, id);
    await join(ben, id);
    const remove = (cookie: string, body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/group-projects/remove-member', cookie, { groupProjectId: id, ...body });
    expect((await remove(ann.cookie, { memberUsername: ben.login })).statusCode).toBe(403);
    const stranger = await remove(owner.cookie, { memberUsername: cat.login });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toContain('is not a member');
    expect((await remove(owner.cookie, { memberUsername: owner.login })).statusCode).toBe(409);
    const long = await remove(owner.cookie, { memberUsername: ben.login, reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('body.reason');
    expect((await remove(owner.cookie, { memberUsername: ben.login, reason: null })).statusCode).toBe(200);
    expect((await card(null, id)).json().memberCount).toBe(2);
  });
});

describe('handing a group over', () => {
  it('makes the member its owner, who can then do owner actions; the old owner stays a plain member', async () => {
    const id = await postGroup(t.app, owner.cookie);
    await join(ann, id);
    await join(ben, id);
    const handed = await call(t.app, 'POST', '/api/group-projects/transfer-ownership', owner.cookie, {
      groupProjectId: id,
      memberUsername: ann.login,
    });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().viewer.role).toBe('member');

    const seen = (await card(null, id)).json();
    expect(seen.owner.login).toBe(ann.login);
    expect(seen.memberCount).toBe(3);
    const roles = (await info(ann, id))
      .json()
      .data.members.map((m: { login: string; role: string }) => [m.login, m.role]);
    expect(roles).toEqual(
      expect.arrayContaining([
        [ann.login, 'owner'],
        [owner.login, 'member'],
        [ben.login, 'member'],
      ]),
    );

    // The new owner acts as one; the old one no longer can.
    expect((await setStatus(owner.cookie, id, 'closed')).statusCode).toBe(403);
    expect((await setStatus(ann.cookie, id, 'closed')).statusCode).toBe(200);
    const removeBen = (cookie: string) =>
      call(t.app, 'POST', '/api/group-projects/remove-member', cookie, {
        groupProjectId: id,
        memberUsername: ben.login,
      });
    expect((await removeBen(owner.cookie)).statusCode).toBe(403);
    expect((await removeBen(ann.cookie)).statusCode).toBe(200);
    // The old owner may now leave like any member; the new one cannot.
    expect(
      (await call(t.app, 'DELETE', '/api/group-projects/leave', ann.cookie, { groupProjectId: id }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(t.app, 'DELETE', '/api/group-projects/leave', owner.cookie, { groupProjectId: id }))
        .statusCode,
    ).toBe(200);
    const created = await call(t.app, 'GET', '/api/group-projects/created-projects', ann.cookie);
    expect(created.json().data.map((g: { groupProjectId: number }) => g.groupProjectId)).toContain(id);

    const entry = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_login', 'details'])
      .where('action', '=', 'group.transfer-ownership')
      .where('object_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(entry.actor_login).toBe(owner.login);
    expect(entry.details).toMatchObject({ member: ann.login });
  });

  it('only to a member, and only by the owner', async () => {
    const id = await postGroup(t.app, owner.cookie);
    await join(ann, id);
    const hand = (cookie: string, memberUsername: string) =>
      call(t.app, 'POST', '/api/group-projects/transfer-ownership', cookie, {
        groupProjectId: id,
        memberUsername,
      });
    expect((await hand(owner.cookie, cat.login)).statusCode).toBe(404);
    expect((await hand(ann.cookie, ann.login)).statusCode).toBe(403);
    expect((await hand(owner.cookie, owner.login)).statusCode).toBe(409);
    expect((await card(null, id)).json().owner.login).toBe(owner.login);
  });
});

describe('members’ last activity', () => {
  it('is the last post, else the join, and only the owner gets it', async () => {
    const id = await postGroup(t.app, owner.cookie);
    await join(ann, id);
    await join(ben, id);
    await say(ann, id, 'one');
    // Ben joined 40 days ago and never posted; Ann's post is from 34 days ago.
    await sql`update group_members set joined_at = now() - interval '40 days'
              where group_id = ${id} and user_id = ${ben.id}`.execute(t.database.db);
    await sql`update messages set created_at = now() - interval '34 days'
              where group_id = ${id} and author_id = ${ann.id}`.execute(t.database.db);

    const members = (await info(owner, id)).json().data.members as {
      login: string;
      joinedAt: string;
      lastActiveAt?: string;
    }[];
    const daysAgo = (iso?: string) => Math.round((Date.now() - Date.parse(iso ?? '')) / 86_400_000);
    const of = (login: string) => members.find((m) => m.login === login);
    expect(daysAgo(of(ann.login)?.lastActiveAt)).toBe(0); // joined today, after the (back-dated) post
    expect(daysAgo(of(ben.login)?.lastActiveAt)).toBe(40);
    expect(of(owner.login)?.lastActiveAt).toEqual(expect.any(String));

    await sql`update group_members set joined_at = now() - interval '60 days'
              where group_id = ${id} and user_id = ${ann.id}`.execute(t.database.db);
    const again = (await info(owner, id)).json().data.members as { login: string; lastActiveAt?: string }[];
    expect(daysAgo(again.find((m) => m.login === ann.login)?.lastActiveAt)).toBe(34);

    for (const who of [ann, cat, null]) {
      const res = await info(who, id);
      expect(res.statusCode).toBe(200);
      for (const member of res.json().data.members) expect(member).not.toHaveProperty('lastActiveAt');
    }
  });
});

describe('a hidden group seen by a moderator on its page', () => {
  it('is answered with its reason to moderators only, and is a 404 once restored', async () => {
    const id = await postGroup(t.app, owner.cookie, { title: 'Hidden club' });
    await call(t.app, 'POST', '/api/group-projects/report', ann.cookie, {
      groupProjectId: id,
      reason: 'Spam',
    });
    const hide = await call(t.app, 'POST', `/api/admin/reports/${id}/hide`, moderator.cookie, {
      reason: 'Advertising',
    });
    expect(hide.statusCode).toBe(200);
    // The page's card is gone for the moderator as for anyone but the owner: this tells them why.
    expect((await card(moderator, id)).statusCode).toBe(404);
    const seen = await call(t.app, 'GET', `/api/admin/hidden-groups/${id}`, moderator.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      groupId: id,
      title: 'Hidden club',
      ownerLogin: owner.login,
      reason: 'Advertising',
    });
    expect((await call(t.app, 'GET', `/api/admin/hidden-groups/${id}`, owner.cookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/hidden-groups/${id}`, null)).statusCode).toBe(401);
    // The owner's own page says it is hidden, and why.
    expect((await info(owner, id)).json().data).toMatchObject({ hidden: true, hiddenReason: 'Advertising' });

    const restored = await call(t.app, 'POST', `/api/admin/hidden-groups/${id}/restore`, moderator.cookie, {
      reason: 'Cleaned up',
    });
    expect(restored.statusCode).toBe(200);
    expect((await card(moderator, id)).statusCode).toBe(200);
    const gone = await call(t.app, 'GET', `/api/admin/hidden-groups/${id}`, moderator.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(`Group project ${id} is not hidden.`);
  });
});
