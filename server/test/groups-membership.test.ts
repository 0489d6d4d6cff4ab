// Joining a group, its requests and their decisions, leaving it, and reporting it.
import { describe, expect, it } from 'vitest';
import { call, postGroup, useGroupsWorld } from './support/groups.js';

const g = useGroupsWorld();

describe('membership', () => {
  it('refuses joins and approvals once a group is full', async () => {
    const open = await postGroup(g.t.app, g.owner.cookie, { maxMembers: 2 });
    expect(
      (
        await call(g.t.app, 'POST', '/api/group-projects/join', g.alice.cookie, { groupProjectId: open })
      ).json(),
    ).toMatchObject({
      viewer: { role: 'member' },
      memberCount: 2,
    });
    const full = await call(g.t.app, 'POST', '/api/group-projects/join', g.bob.cookie, {
      groupProjectId: open,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('This group is full.');

    const closed = await postGroup(g.t.app, g.owner.cookie, { visibility: 'private', maxMembers: 2 });
    for (const who of [g.alice, g.bob]) {
      await call(g.t.app, 'POST', '/api/group-projects/request', who.cookie, { groupProjectId: closed });
    }
    const first = await call(g.t.app, 'POST', '/api/group-projects/pending-requests', g.owner.cookie, {
      groupProjectId: closed,
      requestUsername: g.alice.login,
    });
    expect(first.statusCode).toBe(200);
    const second = await call(g.t.app, 'POST', '/api/group-projects/pending-requests', g.owner.cookie, {
      groupProjectId: closed,
      requestUsername: g.bob.login,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('This group is full.');
  });

  it('refuses to decide a request twice, or one that was cancelled, with a clear message', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie, { visibility: 'private' });
    await call(g.t.app, 'POST', '/api/group-projects/request', g.alice.cookie, { groupProjectId: id });
    const decide = (method: 'POST' | 'DELETE', login: string) =>
      call(g.t.app, method, '/api/group-projects/pending-requests', g.owner.cookie, {
        groupProjectId: id,
        requestUsername: login,
      });
    expect((await decide('DELETE', g.alice.login)).statusCode).toBe(200);
    const again = await decide('POST', g.alice.login);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("grp-alice's request was already rejected.");

    await call(g.t.app, 'POST', '/api/group-projects/request', g.bob.cookie, { groupProjectId: id });
    await call(g.t.app, 'DELETE', '/api/group-projects/request', g.bob.cookie, { groupProjectId: id });
    const cancelled = await decide('POST', g.bob.login);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe('grp-bob cancelled their request.');

    const stranger = await decide('POST', 'nobody-here');
    expect(stranger.statusCode).toBe(404);
  });

  it('lists my requests, and the owner sees pending requests with the requester name', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie, { visibility: 'private', title: 'Quiet club' });
    await call(g.t.app, 'POST', '/api/group-projects/request', g.alice.cookie, { groupProjectId: id });
    const mine = await call(g.t.app, 'GET', '/api/group-projects/request', g.alice.cookie);
    expect(mine.json().data).toContainEqual(
      expect.objectContaining({ groupProjectId: id, title: 'Quiet club' }),
    );
    const pending = await call(g.t.app, 'GET', '/api/group-projects/pending-requests', g.owner.cookie);
    expect(pending.json().data).toContainEqual(
      expect.objectContaining({ groupProjectId: id, requestUsername: 'grp-alice', title: 'Quiet club' }),
    );
    // Others see nothing of it.
    const others = await call(g.t.app, 'GET', '/api/group-projects/pending-requests', g.bob.cookie);
    expect(others.json().data.some((r: { groupProjectId: number }) => r.groupProjectId === id)).toBe(false);
  });

  it('answers every change with where the caller stands now, so the next actions need no guessing', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie, { maxMembers: 2 });
    const body = { groupProjectId: id };
    const joined = (await call(g.t.app, 'POST', '/api/group-projects/join', g.alice.cookie, body)).json();
    expect(joined).toMatchObject({
      memberCount: 2,
      viewer: { role: 'member', may: { join: false, leave: true, post: true, readDiscussion: true } },
    });
    // Full now: a stranger is not offered Join, and the card says so to everyone.
    const card = (await call(g.t.app, 'GET', `/api/group-projects/${id}`, g.bob.cookie)).json();
    expect(card.viewer).toMatchObject({ role: 'none', may: { join: false, request: false, save: true } });
    const left = (await call(g.t.app, 'DELETE', '/api/group-projects/leave', g.alice.cookie, body)).json();
    expect(left).toMatchObject({
      memberCount: 1,
      viewer: { role: 'none', may: { join: true, leave: false } },
    });

    const closed = await postGroup(g.t.app, g.owner.cookie, { visibility: 'private', maxMembers: 2 });
    const asked = await call(g.t.app, 'POST', '/api/group-projects/request', g.bob.cookie, {
      groupProjectId: closed,
    });
    expect(asked.json().viewer).toMatchObject({
      role: 'requester',
      may: { join: false, cancelRequest: true },
    });
    const approved = await call(g.t.app, 'POST', '/api/group-projects/pending-requests', g.owner.cookie, {
      groupProjectId: closed,
      requestUsername: g.bob.login,
    });
    // The owner's group is full now: requests may still be turned down, no longer approved.
    expect(approved.json()).toMatchObject({
      memberCount: 2,
      viewer: { role: 'owner', may: { approve: false, reject: true, delete: true, leave: false } },
    });
  });

  it('tells the owner they cannot leave their own group', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie);
    const res = await call(g.t.app, 'DELETE', '/api/group-projects/leave', g.owner.cookie, {
      groupProjectId: id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'You own this group, so you cannot leave it. Delete the group if it should end.',
    );
  });
});

describe('reporting', () => {
  it('keeps one open report per user and group, with a bounded, required reason', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie, { title: 'Suspicious' });
    const report = (reason: string) =>
      call(g.t.app, 'POST', '/api/group-projects/report', g.alice.cookie, { groupProjectId: id, reason });
    expect((await report('   ')).json().error.message).toBe('The reason cannot be blank.');
    expect((await report('x'.repeat(1001))).statusCode).toBe(400);
    expect((await report('Spam links')).statusCode).toBe(201);
    const again = await report('Still spam');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You already reported this group; a moderator will look at it.');
    const rows = await g.t.database.db
      .selectFrom('group_reports')
      .select(['reason', 'status', 'group_title'])
      .where('group_id', '=', id)
      .execute();
    expect(rows).toEqual([{ reason: 'Spam links', status: 'open', group_title: 'Suspicious' }]);
  });
});
