import type { Notification } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationsRepository } from '../src/notifications/repository.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createRequest } from './support/moderation.js';
import { createSignedInUser } from './support/users.js';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

let t: TestApp;
let mod: User;
let users = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_LOGINS: 'ntf-mod' } });
  mod = await createSignedInUser(t.database.db, 'ntf-mod');
});
afterAll(() => t.close());

const fresh = (name: string) => createSignedInUser(t.database.db, `ntf-${name}-${++users}`);

async function inbox(user: User): Promise<Notification[]> {
  const res = await call(t.app, 'GET', '/api/notifications', user.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data as Notification[];
}

async function unread(user: User): Promise<number> {
  const res = await call(t.app, 'GET', '/api/notifications/unread', user.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().unreadCount as number;
}

/** What each user was told, as [kind, subject, actor login, note]. */
async function told(...who: User[]) {
  return Promise.all(
    who.map(async (user) =>
      (await inbox(user)).map((n) => [n.kind, n.subject, n.actor?.login ?? null, n.note] as const),
    ),
  );
}

const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);

/** `member` asks to join `owner`'s private group and is approved; what this told either of them is cleared. */
async function admit(owner: User, member: User, groupId: number) {
  ok(await call(t.app, 'POST', '/api/group-projects/request', member.cookie, { groupProjectId: groupId }));
  ok(
    await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: groupId,
      requestUsername: member.login,
    }),
  );
  await t.database.db
    .deleteFrom('notifications')
    .where('recipient_id', 'in', [owner.id, member.id])
    .execute();
}

/** A private group of `owner` with `member` in it (their notifications so far cleared). */
async function privateGroupWith(owner: User, member: User, title: string) {
  const groupId = await postGroup(t.app, owner.cookie, { visibility: 'private', title });
  await admit(owner, member, groupId);
  return groupId;
}

describe('who is told what', () => {
  it('a request to join a private group reaches its owner only: not the requester, members or outsiders', async () => {
    const [owner, member, alice, carol] = [
      await fresh('owner'),
      await fresh('member'),
      await fresh('alice'),
      await fresh('carol'),
    ];
    const groupId = await privateGroupWith(owner, member, 'Rust CLI');
    ok(await call(t.app, 'POST', '/api/group-projects/request', alice.cookie, { groupProjectId: groupId }));
    // Asking again is harmless and tells nobody twice.
    ok(await call(t.app, 'POST', '/api/group-projects/request', alice.cookie, { groupProjectId: groupId }));
    expect(await told(owner, member, alice, carol)).toEqual([
      [['join-requested', 'Rust CLI', alice.login, null]],
      [],
      [],
      [],
    ]);
    const [notification] = await inbox(owner);
    expect(notification).toMatchObject({ groupProjectId: groupId, readAt: null, projectRequestId: null });
    expect(await unread(owner)).toBe(1);
  });

  it("approving and declining tell the requester only, with the owner's note", async () => {
    const [owner, member, bob, carol, dave] = [
      await fresh('owner'),
      await fresh('member'),
      await fresh('bob'),
      await fresh('carol'),
      await fresh('dave'),
    ];
    const groupId = await privateGroupWith(owner, member, 'Game jam');
    for (const user of [bob, carol]) {
      ok(await call(t.app, 'POST', '/api/group-projects/request', user.cookie, { groupProjectId: groupId }));
    }
    await t.database.db.deleteFrom('notifications').where('recipient_id', '=', owner.id).execute();
    ok(
      await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
        groupProjectId: groupId,
        requestUsername: bob.login,
      }),
    );
    ok(
      await call(t.app, 'DELETE', '/api/group-projects/pending-requests', owner.cookie, {
        groupProjectId: groupId,
        requestUsername: carol.login,
        note: '  We are full for this round; try again in March.  ',
      }),
    );
    expect(await told(owner, member, bob, carol, dave)).toEqual([
      [],
      [],
      [['request-approved', 'Game jam', owner.login, null]],
      [['request-declined', 'Game jam', owner.login, 'We are full for this round; try again in March.']],
      [],
    ]);
  });

  it('refuses a note over 500 characters, naming the field, and decides nothing', async () => {
    const [owner, member, bob] = [await fresh('owner'), await fresh('member'), await fresh('bob')];
    const groupId = await privateGroupWith(owner, member, 'Long notes');
    ok(await call(t.app, 'POST', '/api/group-projects/request', bob.cookie, { groupProjectId: groupId }));
    const res = await call(t.app, 'DELETE', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: groupId,
      requestUsername: bob.login,
      note: 'x'.repeat(501),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('note');
    expect(await inbox(bob)).toEqual([]);
    const mine = await call(t.app, 'GET', '/api/group-projects/request', bob.cookie);
    expect(mine.json().data).toMatchObject([{ groupProjectId: groupId, status: 'pending' }]);
  });

  it('joining an open group and leaving one tell the owner only', async () => {
    const [owner, member, alice] = [await fresh('owner'), await fresh('member'), await fresh('alice')];
    const groupId = await postGroup(t.app, owner.cookie, { title: 'Open house' });
    ok(await call(t.app, 'POST', '/api/group-projects/join', member.cookie, { groupProjectId: groupId }));
    ok(await call(t.app, 'POST', '/api/group-projects/join', alice.cookie, { groupProjectId: groupId }));
    ok(await call(t.app, 'DELETE', '/api/group-projects/leave', alice.cookie, { groupProjectId: groupId }));
    const [ownerSaw, memberSaw, aliceSaw] = await told(owner, member, alice);
    // Newest first.
    expect(ownerSaw).toEqual([
      ['member-left', 'Open house', alice.login, null],
      ['member-joined', 'Open house', alice.login, null],
      ['member-joined', 'Open house', member.login, null],
    ]);
    expect(memberSaw).toEqual([]);
    expect(aliceSaw).toEqual([]);
  });

  it('removing a member tells them why, and handing a group over tells the new owner; no one else', async () => {
    const [owner, member, heir, alice] = [
      await fresh('owner'),
      await fresh('member'),
      await fresh('heir'),
      await fresh('alice'),
    ];
    const groupId = await privateGroupWith(owner, member, 'Quiet crew');
    await admit(owner, heir, groupId);

    ok(
      await call(t.app, 'POST', '/api/group-projects/remove-member', owner.cookie, {
        groupProjectId: groupId,
        memberUsername: member.login,
        reason: 'No word from you in two months',
      }),
    );
    ok(
      await call(t.app, 'POST', '/api/group-projects/transfer-ownership', owner.cookie, {
        groupProjectId: groupId,
        memberUsername: heir.login,
      }),
    );
    expect(await told(owner, member, heir, alice)).toEqual([
      [],
      [['member-removed', 'Quiet crew', owner.login, 'No word from you in two months']],
      [['ownership-received', 'Quiet crew', owner.login, null]],
      [],
    ]);
  });

  it('a mention on a board tells the readers mentioned, never the author or someone who cannot read it', async () => {
    const [owner, member, outsider] = [await fresh('owner'), await fresh('member'), await fresh('outsider')];
    const groupId = await privateGroupWith(owner, member, 'Secret board');
    const post = await call(t.app, 'POST', '/api/messages/add-message', owner.cookie, {
      groupProjectId: groupId,
      clientId: `mention-${groupId}`,
      text: `@${member.login} and @${outsider.login} and @${owner.login}: shall we start?`,
    });
    expect(post.statusCode, post.body).toBe(200);
    // Told after the post commits: wait for the member's notification to land.
    await expect.poll(async () => (await inbox(member)).length).toBe(1);
    expect(await told(owner, member, outsider)).toEqual([
      [],
      [['mentioned', 'Secret board', owner.login, null]],
      [],
    ]);
    expect((await inbox(member))[0]?.groupProjectId).toBe(groupId);
  });

  it("a moderator's hide, restore and delete tell the owner only, with the reason and not the moderator's name", async () => {
    const [owner, member, carol] = [await fresh('owner'), await fresh('member'), await fresh('carol')];
    const groupId = await privateGroupWith(owner, member, 'Secret club');
    ok(await call(t.app, 'POST', `/api/admin/reports/${groupId}/hide`, mod.cookie, { reason: 'Spam links' }));
    ok(
      await call(t.app, 'POST', `/api/admin/hidden-groups/${groupId}/restore`, mod.cookie, {
        reason: 'Links removed',
      }),
    );
    ok(
      await call(t.app, 'POST', `/api/admin/reports/${groupId}/delete`, mod.cookie, { reason: 'Abandoned' }),
    );
    expect(await told(owner, member, carol, mod)).toEqual([
      [
        ['group-deleted', 'Secret club', null, 'Abandoned'],
        ['group-restored', 'Secret club', null, 'Links removed'],
        ['group-hidden', 'Secret club', null, 'Spam links'],
      ],
      [],
      [],
      [],
    ]);
  });

  it('a moderator acting on their own group is not told', async () => {
    const groupId = await postGroup(t.app, mod.cookie, { title: 'Mod group' });
    await t.database.db.deleteFrom('notifications').where('recipient_id', '=', mod.id).execute();
    ok(await call(t.app, 'POST', `/api/admin/reports/${groupId}/hide`, mod.cookie, { reason: 'test' }));
    expect(await inbox(mod)).toEqual([]);
  });

  it("a project request's decision tells each of its requesters, and no one else", async () => {
    const [ann, ben, carol] = [await fresh('ann'), await fresh('ben'), await fresh('carol')];
    const approved = await createRequest(t.database.db, 'ntf/approved', [ann.id, ben.id]);
    const rejected = await createRequest(t.database.db, 'ntf/rejected', [ann.id]);
    ok(await call(t.app, 'POST', `/api/admin/requests/${approved}/approve`, mod.cookie, {}));
    ok(
      await call(t.app, 'POST', `/api/admin/requests/${rejected}/reject`, mod.cookie, { reason: 'Archived' }),
    );
    expect(await told(ann, ben, carol, mod)).toEqual([
      [
        ['project-request-rejected', 'ntf/rejected', null, 'Archived'],
        ['project-request-approved', 'ntf/approved', null, null],
      ],
      [['project-request-approved', 'ntf/approved', null, null]],
      [],
      [],
    ]);
    expect((await inbox(ben))[0]?.projectRequestId).toBe(approved);
  });

  it('a failed action records nothing: the notification commits with it', async () => {
    const [owner, member, bob] = [await fresh('owner'), await fresh('member'), await fresh('bob')];
    const groupId = await privateGroupWith(owner, member, 'Atomic');
    // Deciding a request that does not exist fails inside the transaction.
    const res = await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: groupId,
      requestUsername: bob.login,
    });
    expect(res.statusCode).toBe(404);
    expect(await told(owner, bob)).toEqual([[], []]);
  });
});

describe('reading and marking', () => {
  it('pages newest first, marks one and all read, and never shows or marks another user’s', async () => {
    const [owner, other] = [await fresh('owner'), await fresh('other')];
    const groupId = await postGroup(t.app, owner.cookie, { title: 'Busy' });
    for (let i = 0; i < 5; i++) {
      const joiner = await fresh('joiner');
      ok(await call(t.app, 'POST', '/api/group-projects/join', joiner.cookie, { groupProjectId: groupId }));
    }
    const first = await call(t.app, 'GET', '/api/notifications?limit=3', owner.cookie);
    expect(first.json()).toMatchObject({ hasOlder: true });
    const page1 = first.json().data as Notification[];
    expect(page1).toHaveLength(3);
    const second = await call(
      t.app,
      'GET',
      `/api/notifications?limit=3&before=${page1[2]?.id}`,
      owner.cookie,
    );
    expect(second.json()).toMatchObject({ hasOlder: false });
    const ids = [...page1, ...(second.json().data as Notification[])].map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(5);

    expect(await unread(owner)).toBe(5);
    const stranger = await call(t.app, 'POST', '/api/notifications/read', other.cookie, {
      notificationId: ids[0],
    });
    expect(stranger.statusCode).toBe(404);
    const one = await call(t.app, 'POST', '/api/notifications/read', owner.cookie, {
      notificationId: ids[0],
    });
    expect(one.json()).toEqual({ unreadCount: 4 });
    expect((await inbox(owner))[0]?.readAt).toEqual(expect.any(String));
    const all = await call(t.app, 'POST', '/api/notifications/read-all', owner.cookie, {});
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect(await unread(owner)).toBe(0);
  });

  it('answers 401 to anonymous callers and 400 naming a bad field', async () => {
    expect((await call(t.app, 'GET', '/api/notifications', null)).statusCode).toBe(401);
    const owner = await fresh('owner');
    const bad = await call(t.app, 'GET', '/api/notifications?limit=500', owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('limit');
  });
});

describe('keeping', () => {
  it('keeps notifications 90 days: older ones are neither shown nor counted, and the prune deletes them', async () => {
    const [owner, joiner] = [await fresh('owner'), await fresh('joiner')];
    const groupId = await postGroup(t.app, owner.cookie, { title: 'Old news' });
    ok(await call(t.app, 'POST', '/api/group-projects/join', joiner.cookie, { groupProjectId: groupId }));
    ok(await call(t.app, 'DELETE', '/api/group-projects/leave', joiner.cookie, { groupProjectId: groupId }));
    const [newest, oldest] = (await inbox(owner)).map((n) => n.id);
    await sql`update notifications set created_at = now() - interval '89 days' where id = ${newest}`.execute(
      t.database.db,
    );
    await sql`update notifications set created_at = now() - interval '91 days' where id = ${oldest}`.execute(
      t.database.db,
    );
    expect((await inbox(owner)).map((n) => n.kind)).toEqual(['member-left']);
    expect(await unread(owner)).toBe(1);

    const rows = () =>
      t.database.db.selectFrom('notifications').select('id').where('recipient_id', '=', owner.id).execute();
    expect(await rows()).toHaveLength(2);
    expect(await createNotificationsRepository(t.database.db).prune()).toBeGreaterThanOrEqual(1);
    expect((await rows()).map((r) => r.id)).toEqual([newest]);
  });

  it('My requests keeps decided requests 30 days with status, time and note; asking again shows it pending', async () => {
    const [owner, member, carol] = [await fresh('owner'), await fresh('member'), await fresh('carol')];
    const declined = await privateGroupWith(owner, member, 'Declined group');
    const approved = await privateGroupWith(owner, await fresh('m2'), 'Approved group');
    for (const groupId of [declined, approved]) {
      ok(await call(t.app, 'POST', '/api/group-projects/request', carol.cookie, { groupProjectId: groupId }));
    }
    ok(
      await call(t.app, 'DELETE', '/api/group-projects/pending-requests', owner.cookie, {
        groupProjectId: declined,
        requestUsername: carol.login,
        note: 'Not this time',
      }),
    );
    ok(
      await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
        groupProjectId: approved,
        requestUsername: carol.login,
      }),
    );
    const mine = async () =>
      (await call(t.app, 'GET', '/api/group-projects/request', carol.cookie)).json().data as {
        groupProjectId: number;
        status: string;
        note: string | null;
        decidedAt: string | null;
      }[];
    expect(await mine()).toEqual([
      expect.objectContaining({
        groupProjectId: approved,
        status: 'approved',
        note: null,
        decidedAt: expect.any(String),
      }),
      expect.objectContaining({ groupProjectId: declined, status: 'rejected', note: 'Not this time' }),
    ]);

    // 29 days later both are still there; at 31 days the declined one has gone.
    const age = (days: number, groupId: number) =>
      sql`update group_join_requests set decided_at = now() - make_interval(days => ${days})
          where group_id = ${groupId} and user_id = ${carol.id}`.execute(t.database.db);
    await age(29, approved);
    await age(31, declined);
    expect((await mine()).map((r) => [r.groupProjectId, r.status])).toEqual([[approved, 'approved']]);

    // Asking again after the decline works and shows the new, pending request.
    await age(2, declined);
    ok(await call(t.app, 'POST', '/api/group-projects/request', carol.cookie, { groupProjectId: declined }));
    expect((await mine()).find((r) => r.groupProjectId === declined)).toMatchObject({
      status: 'pending',
      note: null,
      decidedAt: null,
    });
  });
});
