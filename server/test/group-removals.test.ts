import { notificationLink, notificationText, type Notification } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

/**
 * A member the owner removed stays out: no join, no request, no invite link lets them back in until the owner
 * allows them back from the group's "removed" list. Every refusal is a 403 with its own code.
 */
type User = { id: number; login: string; cookie: string };
let t: TestApp;
let owner: User;
let other: User;
let logins = 0;

const newUser = (): Promise<User> => createSignedInUser(t.database.db, `rm-user-${++logins}`);

beforeAll(async () => {
  t = await createTestApp({ env: { LIST_CACHE_TTL_MS: '0' } });
  owner = await createSignedInUser(t.database.db, 'rm-owner');
  other = await createSignedInUser(t.database.db, 'rm-other');
});
afterAll(() => t.close());

const join = (user: User, groupProjectId: number) =>
  call(t.app, 'POST', '/api/group-projects/join', user.cookie, { groupProjectId });
const request = (user: User, groupProjectId: number) =>
  call(t.app, 'POST', '/api/group-projects/request', user.cookie, { groupProjectId });
const remove = (user: User, groupProjectId: number, reason?: string) =>
  call(t.app, 'POST', '/api/group-projects/remove-member', owner.cookie, {
    groupProjectId,
    memberUsername: user.login,
    ...(reason ? { reason } : {}),
  });
const removedList = (cookie: string, groupProjectId: number) =>
  call(t.app, 'GET', `/api/group-projects/removed-members?groupProjectId=${groupProjectId}`, cookie);
const allowBack = (cookie: string, groupProjectId: number, memberUsername: string) =>
  call(t.app, 'DELETE', '/api/group-projects/removed-members', cookie, { groupProjectId, memberUsername });
const invite = async (groupProjectId: number) => {
  const res = await call(t.app, 'POST', '/api/group-projects/invites', owner.cookie, { groupProjectId });
  expect(res.statusCode).toBe(201);
  return res.json() as { inviteId: number; token: string; uses: number };
};
const joinByInvite = (user: User, token: string) =>
  call(t.app, 'POST', '/api/group-projects/invites/join', user.cookie, { token });

function expectBarred(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error).toEqual({
    code: 'REMOVED_FROM_GROUP',
    message: "The group's owner removed you from this group: you can join again only if they allow you back.",
  });
}

/** A public group with `member` in it, then removed by the owner. */
async function removedFromPublic(member: User, reason?: string) {
  const id = await postGroup(t.app, owner.cookie);
  expect((await join(member, id)).statusCode).toBe(200);
  expect((await remove(member, id, reason)).statusCode).toBe(200);
  return id;
}

describe('a removed member', () => {
  it('cannot join an open public group again, and sees why on the card', async () => {
    const ann = await newUser();
    const id = await removedFromPublic(ann);
    expectBarred(await join(ann, id));
    const card = await call(t.app, 'GET', `/api/group-projects/${id}`, ann.cookie);
    expect(card.json().viewer).toMatchObject({ role: 'removed', may: { join: false, request: false } });
    expect(card.json().memberCount).toBe(1);
    // Anyone else still joins.
    expect((await join(other, id)).statusCode).toBe(200);
  });

  it('cannot come back through an invite link that is still live, and the link keeps its use', async () => {
    const ann = await newUser();
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private' });
    const link = await invite(id);
    expect((await joinByInvite(ann, link.token)).statusCode).toBe(200);
    expect((await remove(ann, id)).statusCode).toBe(200);

    expectBarred(await joinByInvite(ann, link.token));
    const links = await call(t.app, 'GET', `/api/group-projects/invites?groupProjectId=${id}`, owner.cookie);
    expect(links.json().data).toEqual([expect.objectContaining({ inviteId: link.inviteId, uses: 1 })]);
    const info = await call(t.app, 'POST', '/api/group-projects/discussion-info', ann.cookie, {
      groupProjectId: id,
    });
    expect(info.statusCode).toBe(403);
  });

  it('cannot ask to join a private group again', async () => {
    const ann = await newUser();
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private' });
    expect((await request(ann, id)).statusCode).toBe(201);
    await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: id,
      requestUsername: ann.login,
    });
    expect((await remove(ann, id)).statusCode).toBe(200);

    expectBarred(await request(ann, id));
    const pending = await call(t.app, 'GET', '/api/group-projects/pending-requests', owner.cookie);
    expect(pending.json().data.filter((r: { groupProjectId: number }) => r.groupProjectId === id)).toEqual(
      [],
    );
  });

  it('is not barred by leaving on their own', async () => {
    const ann = await newUser();
    const id = await postGroup(t.app, owner.cookie);
    await join(ann, id);
    expect(
      (await call(t.app, 'DELETE', '/api/group-projects/leave', ann.cookie, { groupProjectId: id }))
        .statusCode,
    ).toBe(200);
    expect((await join(ann, id)).statusCode).toBe(200);
  });
});

describe('the removed list and Allow back', () => {
  it('lists the removed to the owner, newest first with the reason, and to nobody else', async () => {
    const ann = await newUser();
    const ben = await newUser();
    const id = await removedFromPublic(ann, 'Spam links');
    await join(ben, id);
    await remove(ben, id);

    const list = await removedList(owner.cookie, id);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-cache');
    expect(list.json().data).toEqual([
      { login: ben.login, avatarUrl: null, removedAt: expect.any(String), reason: null },
      { login: ann.login, avatarUrl: null, removedAt: expect.any(String), reason: 'Spam links' },
    ]);
    const byOther = await removedList(other.cookie, id);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.message).toBe("Only the group's owner can allow removed members back.");
    expect((await removedList(ann.cookie, id)).statusCode).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/group-projects/removed-members?groupProjectId=${id}`, null)).statusCode,
    ).toBe(401);
    expect((await removedList(owner.cookie, 999_999)).statusCode).toBe(404);
  });

  it('lets them join, ask and use an invite again, audit-logged; only the owner allows back', async () => {
    const ann = await newUser();
    const id = await removedFromPublic(ann);
    expect((await allowBack(ann.cookie, id, ann.login)).statusCode).toBe(403);
    expect((await allowBack(other.cookie, id, ann.login)).statusCode).toBe(403);

    const allowed = await allowBack(owner.cookie, id, ann.login.toUpperCase());
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ groupProjectId: id, login: ann.login, allowedBack: true });
    expect((await removedList(owner.cookie, id)).json().data).toEqual([]);
    const card = await call(t.app, 'GET', `/api/group-projects/${id}`, ann.cookie);
    expect(card.json().viewer).toMatchObject({ role: 'none', may: { join: true } });
    expect((await join(ann, id)).statusCode).toBe(200);

    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'group.allow-back')
      .where('object_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({ member: ann.login });

    // Allowing back someone not barred is a 404 that names the field.
    const again = await allowBack(owner.cookie, id, ann.login);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toContain('body.memberUsername');
  });

  it('tells the person allowed back, with a link to the group, and no one else', async () => {
    const ann = await newUser();
    const id = await removedFromPublic(ann, 'Spam links');
    const told = async (user: User) => {
      const res = await call(t.app, 'GET', '/api/notifications', user.cookie);
      expect(res.statusCode).toBe(200);
      return (res.json().data as Notification[]).filter((n) => n.groupProjectId === id);
    };
    const ownerBefore = (await told(owner)).length;
    expect((await allowBack(owner.cookie, id, ann.login)).statusCode).toBe(200);

    const [latest] = await told(ann);
    if (!latest) throw new Error(`${ann.login} was told nothing`);
    expect(latest).toMatchObject({ kind: 'allowed-back', actor: { login: owner.login }, note: null });
    expect(notificationText(latest)).toBe(
      `${owner.login} allowed you back: you can join ${latest.subject} again`,
    );
    expect(notificationLink(latest)).toBe(`/group-projects/${id}`);
    expect((await told(owner)).length).toBe(ownerBefore);
    expect(await told(other)).toEqual([]);
  });

  it('reopens every path into a private group: a request, and a live invite link', async () => {
    const ann = await newUser();
    const ben = await newUser();
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private' });
    const link = await invite(id);
    for (const user of [ann, ben]) {
      expect((await joinByInvite(user, link.token)).statusCode).toBe(200);
      expect((await remove(user, id)).statusCode).toBe(200);
    }
    expect((await allowBack(owner.cookie, id, ann.login)).statusCode).toBe(200);
    expect((await allowBack(owner.cookie, id, ben.login)).statusCode).toBe(200);
    expect((await request(ann, id)).statusCode).toBe(201);
    expect((await joinByInvite(ben, link.token)).statusCode).toBe(200);
  });

  it('refuses a body that is not a login, and a group the caller does not own when it is gone', async () => {
    const res = await call(t.app, 'DELETE', '/api/group-projects/removed-members', owner.cookie, {
      groupProjectId: 1,
      memberUsername: 'not a login!',
    });
    expect(res.statusCode).toBe(400);
    expect((await allowBack(owner.cookie, 999_999, 'someone')).statusCode).toBe(404);
  });
});
