import type { Notification } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { FakeGitHub } from './support/fake-github.js';
import { call, groupFields, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

type User = { id: number; login: string; cookie: string };
let t: TestApp;
let github: FakeGitHub;
let owner: User;
let stranger: User;
let logins = 0;

const newUser = (prefix: string): Promise<User> => createSignedInUser(t.database.db, `${prefix}-${++logins}`);

beforeAll(async () => {
  github = await new FakeGitHub().start();
  // GITHUB_TIMEOUT_MS is 500 in the fake's environment: a slow GitHub costs half a second, not the page.
  t = await createTestApp({ env: github.env() });
  owner = await createSignedInUser(t.database.db, 'inv-owner');
  stranger = await createSignedInUser(t.database.db, 'inv-stranger');
});
afterAll(async () => {
  await t.close();
  await github.stop();
});

const privateGroup = (overrides: Parameters<typeof postGroup>[2] = {}) =>
  postGroup(t.app, owner.cookie, { visibility: 'private', ...overrides });

async function pendingOf(groupProjectId: number) {
  const res = await call(t.app, 'GET', '/api/group-projects/pending-requests', owner.cookie);
  expect(res.statusCode).toBe(200);
  return (
    res.json().data as { groupProjectId: number; requestUsername: string; message?: string | null }[]
  ).filter((r) => r.groupProjectId === groupProjectId);
}

const summaryUrl = (groupProjectId: number, login: string) =>
  `/api/group-projects/pending-requests/github?groupProjectId=${groupProjectId}&requestUsername=${login}`;

describe("the owner's question and a request's message", () => {
  it('posts and edits a question that everyone sees on the card', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects/post-project', owner.cookie, {
      ...groupFields({ visibility: 'private' }),
      joinQuestion: '  What would you like to build?  ',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().groupProjectId as number;
    const card = await call(t.app, 'GET', `/api/group-projects/${id}`, stranger.cookie);
    expect(card.json().joinQuestion).toBe('What would you like to build?');

    const edit = await call(t.app, 'POST', '/api/group-projects/edit-project', owner.cookie, {
      groupProjectId: id,
      ...groupFields({ visibility: 'private' }),
      joinQuestion: 'Which time zone are you in?',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().joinQuestion).toBe('Which time zone are you in?');
    // Blank is no question.
    await call(t.app, 'POST', '/api/group-projects/edit-project', owner.cookie, {
      groupProjectId: id,
      ...groupFields({ visibility: 'private' }),
      joinQuestion: '   ',
    });
    expect((await call(t.app, 'GET', `/api/group-projects/${id}`, null)).json().joinQuestion).toBeNull();
  });

  it('refuses a question over 200 characters, naming the field', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects/post-project', owner.cookie, {
      ...groupFields(),
      joinQuestion: 'q'.repeat(201),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('body.joinQuestion');
  });

  it('keeps the message of a request for the owner, and none when there is none', async () => {
    const id = await privateGroup();
    const [withMessage, without] = [await newUser('msg'), await newUser('quiet')];
    const sent = await call(t.app, 'POST', '/api/group-projects/request', withMessage.cookie, {
      groupProjectId: id,
      message: ' I build React apps.\nHappy to help with the docs. ',
    });
    expect(sent.statusCode).toBe(201);
    await call(t.app, 'POST', '/api/group-projects/request', without.cookie, { groupProjectId: id });
    const pending = await pendingOf(id);
    expect(pending.find((r) => r.requestUsername === withMessage.login)?.message).toBe(
      'I build React apps.\nHappy to help with the docs.',
    );
    expect(pending.find((r) => r.requestUsername === without.login)?.message).toBeNull();
  });

  it('refuses a message over 500 characters or with control characters, naming the field', async () => {
    const id = await privateGroup();
    const user = await newUser('long');
    const long = await call(t.app, 'POST', '/api/group-projects/request', user.cookie, {
      groupProjectId: id,
      message: 'm'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('body.message');
    const control = await call(t.app, 'POST', '/api/group-projects/request', user.cookie, {
      groupProjectId: id,
      message: 'hello\u0007there',
    });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.message).toBe('body.message must not contain control characters');
    // Exactly 500 is fine; nothing was filed by the refused attempts.
    expect(await pendingOf(id)).toEqual([]);
    const ok = await call(t.app, 'POST', '/api/group-projects/request', user.cookie, {
      groupProjectId: id,
      message: 'm'.repeat(500),
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe("a requester's GitHub summary", () => {
  it('counts public repositories and names the top languages of their own repositories', async () => {
    const id = await privateGroup();
    const requester = await newUser('gh');
    github.users.set(requester.login, {
      id: 77,
      login: requester.login,
      name: null,
      avatar_url: 'https://avatars.githubusercontent.com/u/77',
      repos: [
        { name: 'a', language: 'TypeScript' },
        { name: 'b', language: 'TypeScript' },
        { name: 'c', language: 'Rust' },
        { name: 'd', language: 'Go' },
        { name: 'e', language: 'Go' },
        { name: 'f', language: 'Go' },
        { name: 'g', language: null },
        { name: 'h', language: 'Python' },
        // A fork is someone else's work: counted as a public repository, not for the languages.
        { name: 'fork-1', language: 'Python', fork: true },
        { name: 'fork-2', language: 'Python', fork: true },
        { name: 'secret', language: 'C', private: true },
      ],
    });
    await call(t.app, 'POST', '/api/group-projects/request', requester.cookie, { groupProjectId: id });
    const before = github.requests.length;
    const res = await call(t.app, 'GET', summaryUrl(id, requester.login), owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      available: true,
      login: requester.login,
      publicRepos: 10,
      topLanguages: [
        { language: 'Go', repos: 3 },
        { language: 'TypeScript', repos: 2 },
        { language: 'Python', repos: 1 },
      ],
    });
    expect(github.requests.slice(before).map((r) => r.path)).toEqual(
      expect.arrayContaining([`/users/${requester.login}`, `/users/${requester.login}/repos`]),
    );
    // Kept: asking again does not ask GitHub again.
    const asked = github.requests.length;
    expect((await call(t.app, 'GET', summaryUrl(id, requester.login), owner.cookie)).json().available).toBe(
      true,
    );
    expect(github.requests.length).toBe(asked);
  });

  it('is "unavailable" when GitHub does not answer, while the pending list answers regardless', async () => {
    const id = await privateGroup();
    const [down, slow] = [await newUser('down'), await newUser('slow')];
    for (const user of [down, slow]) {
      await call(t.app, 'POST', '/api/group-projects/request', user.cookie, { groupProjectId: id });
    }
    try {
      github.mode = 'down';
      const before = github.requests.length;
      expect((await pendingOf(id)).map((r) => r.requestUsername).sort()).toEqual(
        [down.login, slow.login].sort(),
      );
      // The pending list never waits on GitHub.
      expect(github.requests.length).toBe(before);
      const res = await call(t.app, 'GET', summaryUrl(id, down.login), owner.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ available: false, login: down.login });

      // GitHub holds its answer past the test's own time limit: an answer at all means the site gave up on it.
      github.mode = 'slow';
      github.slowMs = 10 * 60_000;
      const late = await call(t.app, 'GET', summaryUrl(id, slow.login), owner.cookie);
      expect(late.json()).toEqual({ available: false, login: slow.login });
    } finally {
      github.mode = 'up';
      github.slowMs = 2000;
    }
  });

  it('is only for the owner, and only about someone who asked', async () => {
    const id = await privateGroup();
    const requester = await newUser('who');
    await call(t.app, 'POST', '/api/group-projects/request', requester.cookie, { groupProjectId: id });
    expect((await call(t.app, 'GET', summaryUrl(id, requester.login), stranger.cookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', summaryUrl(id, requester.login), null)).statusCode).toBe(401);
    const nobody = await call(t.app, 'GET', summaryUrl(id, stranger.login), owner.cookie);
    expect(nobody.statusCode).toBe(404);
  });
});

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
