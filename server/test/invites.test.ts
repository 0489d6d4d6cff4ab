import type { Notification } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

type User = { id: number; login: string; cookie: string };
let t: TestApp;
let owner: User;
let stranger: User;
let logins = 0;

const newUser = (prefix: string): Promise<User> => createSignedInUser(t.database.db, `${prefix}-${++logins}`);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t.database.db, 'inv-owner');
  stranger = await createSignedInUser(t.database.db, 'inv-stranger');
});
afterAll(async () => {
  await t.close();
});

const privateGroup = (overrides: Parameters<typeof postGroup>[2] = {}) =>
  postGroup(t.app, owner.cookie, { visibility: 'private', ...overrides });

async function createInvite(groupProjectId: number, maxUses?: number | null) {
  const res = await call(t.app, 'POST', '/api/group-projects/invites', owner.cookie, {
    groupProjectId,
    ...(maxUses !== undefined ? { maxUses } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { inviteId: number; token: string; usesLeft: number | null; expiresAt: string };
}

const joinBy = (user: User, token: string) =>
  call(t.app, 'POST', '/api/group-projects/invites/join', user.cookie, { token });

/** What the user was told, as [kind, subject, actor login]. */
async function told(user: User) {
  const res = await call(t.app, 'GET', '/api/notifications', user.cookie);
  expect(res.statusCode).toBe(200);
  return (res.json().data as Notification[]).map((n) => [n.kind, n.subject, n.actor?.login ?? null]);
}

async function activeInvites(groupProjectId: number) {
  const res = await call(
    t.app,
    'GET',
    `/api/group-projects/invites?groupProjectId=${groupProjectId}`,
    owner.cookie,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data as { inviteId: number; uses: number; usesLeft: number | null }[];
}

describe('invite links', () => {
  it('bring a signed-in user straight into a private group, who then reads its board', async () => {
    const id = await privateGroup();
    const invite = await createInvite(id);
    expect(invite.token).toMatch(/^\d+-[0-9a-f]{48}$/);
    const days = (Date.parse(invite.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const dave = await newUser('dave');
    const before = await call(t.app, 'POST', '/api/group-projects/discussion-info', dave.cookie, {
      groupProjectId: id,
    });
    expect(before.statusCode).toBe(403);
    const joined = await joinBy(dave, invite.token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ groupProjectId: id, memberCount: 2, viewer: { role: 'member' } });
    const info = await call(t.app, 'POST', '/api/group-projects/discussion-info', dave.cookie, {
      groupProjectId: id,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.members.map((m: { login: string }) => m.login)).toContain(dave.login);
    // Joining again is refused as a member; the link keeps its count.
    expect((await joinBy(dave, invite.token)).statusCode).toBe(409);
    expect((await activeInvites(id))[0]).toMatchObject({
      inviteId: invite.inviteId,
      uses: 1,
      usesLeft: null,
    });
  });

  it("tell the group's owner who joined by them, and nobody else", async () => {
    const [host, erin, frank] = [await newUser('host'), await newUser('erin'), await newUser('frank')];
    const id = await postGroup(t.app, host.cookie, { visibility: 'private', title: 'Link crew' });
    const created = await call(t.app, 'POST', '/api/group-projects/invites', host.cookie, {
      groupProjectId: id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token } = created.json() as { token: string };
    expect((await joinBy(erin, token)).statusCode).toBe(200);
    expect((await joinBy(frank, token)).statusCode).toBe(200);
    const [hostSaw, erinSaw, frankSaw] = await Promise.all([host, erin, frank].map(told));
    // Newest first: one notification per join, naming the joiner.
    expect(hostSaw).toEqual([
      ['member-joined', 'Link crew', frank.login],
      ['member-joined', 'Link crew', erin.login],
    ]);
    expect(erinSaw).toEqual([]);
    expect(frankSaw).toEqual([]);
  });

  it('stores only the hash and a sealed copy of the secret', async () => {
    const id = await privateGroup();
    const invite = await createInvite(id);
    const secret = invite.token.split('-')[1] ?? '';
    const row = await t.database.db
      .selectFrom('group_invites')
      .selectAll()
      .where('id', '=', invite.inviteId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    // The owner can copy it again from the list.
    const listed = await call(t.app, 'GET', `/api/group-projects/invites?groupProjectId=${id}`, owner.cookie);
    expect(listed.json().data[0].token).toBe(invite.token);
  });

  it('stop after their number of uses and leave the list', async () => {
    const id = await privateGroup();
    const invite = await createInvite(id, 2);
    expect(invite.usesLeft).toBe(2);
    expect((await joinBy(await newUser('first'), invite.token)).statusCode).toBe(200);
    expect((await activeInvites(id)).map((i) => i.usesLeft)).toEqual([1]);
    expect((await joinBy(await newUser('second'), invite.token)).statusCode).toBe(200);
    const late = await joinBy(await newUser('third'), invite.token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('INVITE_USED_UP');
    expect(await activeInvites(id)).toEqual([]);
  });

  it('give their last use to exactly one of two users racing for it', async () => {
    const id = await privateGroup();
    const invite = await createInvite(id, 1);
    const [a, b] = [await newUser('race'), await newUser('race')];
    const answers = await Promise.all([joinBy(a, invite.token), joinBy(b, invite.token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const group = await call(t.app, 'GET', `/api/group-projects/${id}`, null);
    expect(group.json().memberCount).toBe(2);
    const row = await t.database.db
      .selectFrom('group_invites')
      .select('uses')
      .where('id', '=', invite.inviteId)
      .executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
  });

  it('stop working once revoked or expired, each saying so', async () => {
    const id = await privateGroup();
    const [revoked, expired] = [await createInvite(id), await createInvite(id)];
    const revoke = await call(t.app, 'DELETE', '/api/group-projects/invites', owner.cookie, {
      groupProjectId: id,
      inviteId: revoked.inviteId,
    });
    expect(revoke.statusCode).toBe(200);
    await sql`update group_invites set expires_at = now() - interval '1 second' where id = ${expired.inviteId}`.execute(
      t.database.db,
    );
    const user = await newUser('late');
    const afterRevoke = await joinBy(user, revoked.token);
    expect([afterRevoke.statusCode, afterRevoke.json().error.code]).toEqual([410, 'INVITE_REVOKED']);
    const afterExpiry = await joinBy(user, expired.token);
    expect([afterExpiry.statusCode, afterExpiry.json().error.code]).toEqual([410, 'INVITE_EXPIRED']);
    expect(await activeInvites(id)).toEqual([]);
  });

  it('name their group to anyone holding them, signed in or not, while they can be used', async () => {
    const id = await privateGroup();
    const invite = await createInvite(id);
    const preview = (token: string) =>
      call(t.app, 'GET', `/api/group-projects/invites/preview?token=${encodeURIComponent(token)}`, null);
    const named = await preview(invite.token);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toEqual({ groupProjectId: id, title: expect.any(String) });
    const title = (
      await t.database.db
        .selectFrom('group_projects')
        .select('title')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).title;
    expect(named.json().title).toBe(title);

    const [inviteId] = invite.token.split('-');
    expect((await preview(`${inviteId}-${'a'.repeat(48)}`)).statusCode).toBe(404);
    expect((await preview('not a token')).statusCode).toBe(400);
    await call(t.app, 'DELETE', '/api/group-projects/invites', owner.cookie, {
      groupProjectId: id,
      inviteId: invite.inviteId,
    });
    const revoked = await preview(invite.token);
    expect([revoked.statusCode, revoked.json().error.code]).toEqual([410, 'INVITE_REVOKED']);
  });

  it('refuse a wrong secret and a malformed token', async () => {
    const id = await privateGroup();
    const invite = await createInvite(id);
    const [inviteId] = invite.token.split('-');
    const user = await newUser('guess');
    const wrong = await joinBy(user, `${inviteId}-${'a'.repeat(48)}`);
    expect(wrong.statusCode).toBe(404);
    const malformed = await joinBy(user, 'not a token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('body.token');
  });

  it('are managed by the owner only', async () => {
    const id = await privateGroup();
    const invite = await createInvite(id);
    const create = (cookie: string | null) =>
      call(t.app, 'POST', '/api/group-projects/invites', cookie, { groupProjectId: id });
    expect((await create(stranger.cookie)).statusCode).toBe(403);
    expect((await create(null)).statusCode).toBe(401);
    const list = await call(
      t.app,
      'GET',
      `/api/group-projects/invites?groupProjectId=${id}`,
      stranger.cookie,
    );
    expect(list.statusCode).toBe(403);
    const member = await newUser('member');
    await joinBy(member, invite.token);
    const revoke = await call(t.app, 'DELETE', '/api/group-projects/invites', member.cookie, {
      groupProjectId: id,
      inviteId: invite.inviteId,
    });
    expect(revoke.statusCode).toBe(403);
    // Another group's owner cannot reach this group's link through their own group.
    const other = await postGroup(t.app, stranger.cookie);
    const across = await call(t.app, 'DELETE', '/api/group-projects/invites', stranger.cookie, {
      groupProjectId: other,
      inviteId: invite.inviteId,
    });
    expect(across.statusCode).toBe(404);
    expect(await activeInvites(id)).toHaveLength(1);
  });

  it('let nobody into a group a moderator hid, or a full one', async () => {
    const hidden = await privateGroup();
    const invite = await createInvite(hidden);
    await sql`update group_projects set hidden_at = now(), hidden_reason = 'spam' where id = ${hidden}`.execute(
      t.database.db,
    );
    expect((await joinBy(await newUser('hid'), invite.token)).statusCode).toBe(403);
    const create = await call(t.app, 'POST', '/api/group-projects/invites', owner.cookie, {
      groupProjectId: hidden,
    });
    expect(create.statusCode).toBe(403);

    const full = await privateGroup({ maxMembers: 2 });
    const fullInvite = await createInvite(full);
    expect((await joinBy(await newUser('fill'), fullInvite.token)).statusCode).toBe(200);
    const refused = await joinBy(await newUser('over'), fullInvite.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This group is full.');
    expect((await activeInvites(full))[0]?.uses).toBe(1);
  });
});
