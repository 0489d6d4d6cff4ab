import type { Message, Notification } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { sendMessage } from './support/messages.js';
import { createSignedInUser } from './support/users.js';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

let t: TestApp;
let users = 0;
const fresh = (name: string) => createSignedInUser(t.database.db, `blk-${name}-${++users}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);
const block = (blocker: User, login: string) =>
  call(t.app, 'POST', '/api/account/blocks', blocker.cookie, { login });

async function inbox(user: User): Promise<Notification[]> {
  const res = await call(t.app, 'GET', '/api/notifications', user.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data as Notification[];
}

/** The closed group's own answer: what a blocked user gets at the blocker's doors, word for word. */
async function closedGroupAnswer(owner: User, asker: User, visibility: 'public' | 'private') {
  const id = await postGroup(t.app, owner.cookie, { visibility });
  ok(
    await call(t.app, 'POST', '/api/group-projects/status', owner.cookie, {
      groupProjectId: id,
      status: 'closed',
    }),
  );
  const path = visibility === 'public' ? '/api/group-projects/join' : '/api/group-projects/request';
  const res = await call(t.app, 'POST', path, asker.cookie, { groupProjectId: id });
  return { statusCode: res.statusCode, body: res.json() as unknown };
}

describe('the list of blocked users', () => {
  it('blocks, lists and unblocks by login; blocking again is harmless', async () => {
    const [me, troll] = [await fresh('me'), await fresh('troll')];
    const first = await block(me, troll.login);
    expect(first.statusCode, first.body).toBe(200);
    ok(await block(me, troll.login.toUpperCase()));
    const list = await call(t.app, 'GET', '/api/account/blocks', me.cookie);
    expect(list.headers['cache-control']).toContain('private');
    expect(list.json().data.map((u: { login: string }) => u.login)).toEqual([troll.login]);
    const unblocked = await call(t.app, 'DELETE', '/api/account/blocks', me.cookie, { login: troll.login });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().data).toEqual([]);
  });

  it('refuses blocking oneself, someone not here, a bad login, and anyone not signed in', async () => {
    const me = await fresh('me');
    expect((await block(me, me.login)).statusCode).toBe(409);
    expect((await block(me, 'nobody-here-at-all')).statusCode).toBe(404);
    expect((await block(me, '-bad-')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/account/blocks', null)).statusCode).toBe(401);
  });
});

describe("a blocked user at the blocker's groups", () => {
  it('cannot join a public group: the answer is a closed group’s', async () => {
    const [owner, troll] = [await fresh('owner'), await fresh('troll')];
    const id = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    ok(await block(owner, troll.login));
    const res = await call(t.app, 'POST', '/api/group-projects/join', troll.cookie, { groupProjectId: id });
    expect({ statusCode: res.statusCode, body: res.json() as unknown }).toEqual(
      await closedGroupAnswer(owner, await fresh('other'), 'public'),
    );
    expect(JSON.stringify(res.json())).not.toMatch(/block/i);
    // The card shows no way in either, as for a closed group.
    const card = await call(t.app, 'GET', `/api/group-projects/${id}`, troll.cookie);
    expect(card.json().viewer.may.join).toBe(false);
    // Someone else still joins.
    ok(
      await call(t.app, 'POST', '/api/group-projects/join', (await fresh('friend')).cookie, {
        groupProjectId: id,
      }),
    );
  });

  it('cannot ask to join a private group, and their pending request is withdrawn by the block', async () => {
    const [owner, troll] = [await fresh('owner'), await fresh('troll')];
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private' });
    ok(await call(t.app, 'POST', '/api/group-projects/request', troll.cookie, { groupProjectId: id }));
    ok(await block(owner, troll.login));
    const pending = await call(t.app, 'GET', '/api/group-projects/pending-requests', owner.cookie);
    expect(pending.json().data.filter((r: { groupProjectId: number }) => r.groupProjectId === id)).toEqual(
      [],
    );
    const res = await call(t.app, 'POST', '/api/group-projects/request', troll.cookie, {
      groupProjectId: id,
    });
    expect({ statusCode: res.statusCode, body: res.json() as unknown }).toEqual(
      await closedGroupAnswer(owner, await fresh('other'), 'private'),
    );
  });

  it('cannot use an invite link to it', async () => {
    const [owner, troll] = [await fresh('owner'), await fresh('troll')];
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private' });
    const invite = await call(t.app, 'POST', '/api/group-projects/invites', owner.cookie, {
      groupProjectId: id,
    });
    expect(invite.statusCode, invite.body).toBe(201);
    ok(await block(owner, troll.login));
    const token = invite.json().token as string;
    const res = await call(t.app, 'POST', '/api/group-projects/invites/join', troll.cookie, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This group is closed: it takes no new members.');
    ok(
      await call(t.app, 'POST', '/api/group-projects/invites/join', (await fresh('friend')).cookie, {
        token,
      }),
    );
  });

  it('meets the group as closed on its card, its page and the list’s viewers, and is told no more', async () => {
    const [owner, troll, member] = [await fresh('owner'), await fresh('troll'), await fresh('member')];
    const id = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    ok(await call(t.app, 'POST', '/api/group-projects/join', member.cookie, { groupProjectId: id }));
    ok(await block(owner, troll.login));
    ok(await block(owner, member.login));
    const card = await call(t.app, 'GET', `/api/group-projects/${id}`, troll.cookie);
    expect(card.json()).toMatchObject({ status: 'open', viewer: { role: 'none', status: 'closed' } });
    expect(JSON.stringify(card.json().viewer)).not.toMatch(/block/i);
    const viewers = await call(t.app, 'POST', '/api/group-projects/viewer', troll.cookie, {
      groupProjectIds: [id],
    });
    expect(viewers.json().data[0].viewer.status).toBe('closed');
    const page = await call(t.app, 'POST', '/api/group-projects/discussion-info', troll.cookie, {
      groupProjectId: id,
    });
    expect(page.json().data.viewer.status).toBe('closed');
    // Everyone else meets the group as it is: a member the owner blocked too (already in), and nobody signed in.
    for (const cookie of [member.cookie, (await fresh('other')).cookie, null]) {
      const seen = await call(t.app, 'GET', `/api/group-projects/${id}`, cookie);
      expect(seen.json().viewer.status).toBeUndefined();
    }
    // A group its owner closed or archived is what it is, for them too.
    ok(
      await call(t.app, 'POST', '/api/group-projects/status', owner.cookie, {
        groupProjectId: id,
        status: 'archived',
      }),
    );
    const archived = await call(t.app, 'GET', `/api/group-projects/${id}`, troll.cookie);
    expect(archived.json()).toMatchObject({ status: 'archived', viewer: { role: 'none' } });
    expect(archived.json().viewer.status).toBeUndefined();
  });

  it('can come in again once unblocked', async () => {
    const [owner, troll] = [await fresh('owner'), await fresh('troll')];
    const id = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    ok(await block(owner, troll.login));
    ok(await call(t.app, 'DELETE', '/api/account/blocks', owner.cookie, { login: troll.login }));
    ok(await call(t.app, 'POST', '/api/group-projects/join', troll.cookie, { groupProjectId: id }));
  });
});

describe('what a blocked user says and does, as the blocker sees it', () => {
  it('their messages fold away for the blocker only', async () => {
    const [owner, troll, friend] = [await fresh('owner'), await fresh('troll'), await fresh('friend')];
    const id = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    for (const member of [troll, friend])
      ok(await call(t.app, 'POST', '/api/group-projects/join', member.cookie, { groupProjectId: id }));
    await sendMessage(t.app, troll, id, 'hello from the troll');
    await sendMessage(t.app, friend, id, 'hello from a friend');
    ok(await block(owner, troll.login));
    const history = async (user: User | null) => {
      const res = await call(
        t.app,
        'GET',
        `/api/messages/history?groupProjectId=${id}`,
        user?.cookie ?? null,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Message[]).map((m) => [m.author.login, m.authorBlocked ?? false]);
    };
    expect(await history(owner)).toEqual(
      expect.arrayContaining([
        [troll.login, true],
        [friend.login, false],
      ]),
    );
    expect((await history(friend)).every(([, folded]) => folded === false)).toBe(true);
    expect((await history(null)).every(([, folded]) => folded === false)).toBe(true);
  });

  it('their mentions of the blocker do not notify the blocker (and still notify others)', async () => {
    const [owner, troll, friend] = [await fresh('owner'), await fresh('troll'), await fresh('friend')];
    const id = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    for (const member of [troll, friend])
      ok(await call(t.app, 'POST', '/api/group-projects/join', member.cookie, { groupProjectId: id }));
    await t.database.db.deleteFrom('notifications').where('recipient_id', '=', owner.id).execute();
    ok(await block(owner, troll.login));
    await sendMessage(t.app, troll, id, `@${owner.login} and @${friend.login} look at this`);
    // Both mentions are recorded in one transaction after the post: once the friend's lands, so would the owner's.
    await expect.poll(async () => (await inbox(friend)).map((n) => n.kind)).toContain('mentioned');
    expect(await inbox(owner)).toEqual([]);
  });

  it('the notifications their acts would cause the blocker are not made', async () => {
    const [owner, troll] = [await fresh('owner'), await fresh('troll')];
    const id = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    ok(await call(t.app, 'POST', '/api/group-projects/join', troll.cookie, { groupProjectId: id }));
    ok(await block(owner, troll.login));
    await t.database.db.deleteFrom('notifications').where('recipient_id', '=', owner.id).execute();
    // Leaving would tell the owner (member-left); a friend's leaving still does.
    ok(await call(t.app, 'DELETE', '/api/group-projects/leave', troll.cookie, { groupProjectId: id }));
    expect(await inbox(owner)).toEqual([]);
    const friend = await fresh('friend');
    ok(await call(t.app, 'POST', '/api/group-projects/join', friend.cookie, { groupProjectId: id }));
    expect((await inbox(owner)).map((n) => [n.kind, n.actor?.login])).toEqual([
      ['member-joined', friend.login],
    ]);
  });
});
