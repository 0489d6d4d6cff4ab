// Reported groups: the moderators' queue, dismissing, hiding and restoring, deleting, and an owner deleting one.
import { sql } from 'kysely';
import { discussionRoom } from '@openlfg/contracts';
import { describe, expect, it } from 'vitest';
import { call } from './support/groups.js';
import { auditRows, reportedGroup, useModeration } from './support/moderation.js';

const m = useModeration();

const lastAudit = async () => (await auditRows(m.t.database.db)).at(-1);
const reportOutcomes = (groupId: number) =>
  m.t.database.db
    .selectFrom('group_reports')
    .select(['status', 'outcome'])
    .where('group_id', '=', groupId)
    .execute();

const info = (cookie: string | null, groupProjectId: number) =>
  call(m.t.app, 'POST', '/api/group-projects/discussion-info', cookie, { groupProjectId });
const inPublicList = async (groupId: number) => {
  const res = await call(m.t.app, 'POST', '/api/group-projects', null, {
    page: 1,
    sortField: 'date_posted',
    order: 'DESC',
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { groupProjectId: number }[]).some((g) => g.groupProjectId === groupId);
};

describe('reports', () => {
  it('lists open reports grouped by group, with reasons and reporters', async () => {
    const { groupId, reporters } = await reportedGroup(m.t.app, m.t.database.db, m.owner.cookie, 2, {
      title: 'Reported twice',
    });
    const res = await call(m.t.app, 'GET', '/api/admin/reports', m.mod1.cookie);
    expect(res.statusCode).toBe(200);
    const group = res.json().data.find((g: { groupId: number }) => g.groupId === groupId);
    expect(group).toMatchObject({ title: 'Reported twice', exists: true, hidden: false });
    expect(group.reports.map((r: { reporter: string }) => r.reporter).sort()).toEqual([...reporters].sort());
    expect(group.reports[0].reason).toMatch(/^spam/);
  });

  it('dismiss closes the reports as dismissed and keeps the group', async () => {
    const { groupId } = await reportedGroup(m.t.app, m.t.database.db, m.owner.cookie, 2);
    const res = await call(m.t.app, 'POST', `/api/admin/reports/${groupId}/dismiss`, m.mod1.cookie, {
      reason: 'Fine.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ groupId, outcome: 'dismissed', reportsClosed: 2 });
    const reports = await reportOutcomes(groupId);
    expect(reports).toEqual([
      { status: 'dismissed', outcome: 'dismissed' },
      { status: 'dismissed', outcome: 'dismissed' },
    ]);
    expect(await inPublicList(groupId)).toBe(true);
    const again = await call(m.t.app, 'POST', `/api/admin/reports/${groupId}/dismiss`, m.mod1.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(await lastAudit()).toMatchObject({
      action: 'report.dismiss',
      object_id: String(groupId),
      reason: 'Fine.',
    });
    const list = await call(m.t.app, 'GET', '/api/admin/reports', m.mod1.cookie);
    expect(list.json().data.map((g: { groupId: number }) => g.groupId)).not.toContain(groupId);
  });

  it('hide removes the group from every list and closes its board to all but the owner', async () => {
    const { groupId } = await reportedGroup(m.t.app, m.t.database.db, m.owner.cookie, 1, {
      visibility: 'public',
    });
    expect(
      (await call(m.t.app, 'POST', '/api/group-projects/join', m.member.cookie, { groupProjectId: groupId }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(m.t.app, 'POST', '/api/group-projects/save', m.member.cookie, { projectId: groupId }))
        .statusCode,
    ).toBe(200);
    expect(await inPublicList(groupId)).toBe(true);

    const missingReason = await call(
      m.t.app,
      'POST',
      `/api/admin/reports/${groupId}/hide`,
      m.mod1.cookie,
      {},
    );
    expect(missingReason.statusCode).toBe(400);
    const res = await call(m.t.app, 'POST', `/api/admin/reports/${groupId}/hide`, m.mod1.cookie, {
      reason: 'Advertising.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ groupId, outcome: 'hidden', reportsClosed: 1 });

    expect(await inPublicList(groupId)).toBe(false);
    const ids = async (url: string, cookie: string) =>
      ((await call(m.t.app, 'GET', url, cookie)).json().data as { groupProjectId: number }[]).map(
        (g) => g.groupProjectId,
      );
    expect(await ids('/api/group-projects/my-groups', m.member.cookie)).not.toContain(groupId);
    expect(await ids('/api/group-projects/saved', m.member.cookie)).not.toContain(groupId);
    expect(await ids('/api/group-projects/my-groups', m.owner.cookie)).toContain(groupId);
    for (const cookie of [null, m.member.cookie, m.alice.cookie]) {
      expect((await call(m.t.app, 'GET', `/api/group-projects/${groupId}`, cookie)).statusCode).toBe(404);
    }
    expect((await call(m.t.app, 'GET', `/api/group-projects/${groupId}`, m.owner.cookie)).statusCode).toBe(
      200,
    );
    for (const cookie of [m.member.cookie, m.alice.cookie, null]) {
      const refused = await info(cookie, groupId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('A moderator hid this group: it is closed.');
    }
    const join = await call(m.t.app, 'POST', '/api/group-projects/join', m.alice.cookie, {
      groupProjectId: groupId,
    });
    expect(join.statusCode).toBe(403);
    const mine = await info(m.owner.cookie, groupId);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      hidden: true,
      hiddenReason: 'Advertising.',
      viewer: { role: 'owner', may: { readDiscussion: true } },
    });
    const row = await m.t.database.db
      .selectFrom('group_projects')
      .select(['hidden_by', 'hidden_reason'])
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ hidden_by: m.mod1.id, hidden_reason: 'Advertising.' });
    const reports = await reportOutcomes(groupId);
    expect(reports).toEqual([{ status: 'actioned', outcome: 'hidden' }]);
    expect(await lastAudit()).toMatchObject({
      actor_login: 'mod-one',
      action: 'group.hide',
      object_type: 'group_project',
      object_id: String(groupId),
      reason: 'Advertising.',
    });
    const twice = await call(m.t.app, 'POST', `/api/admin/reports/${groupId}/hide`, m.mod2.cookie, {
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('restore lists the hidden group for moderators, shows it again everywhere and audit-logs it', async () => {
    const { groupId } = await reportedGroup(m.t.app, m.t.database.db, m.owner.cookie, 1, {
      visibility: 'public',
    });
    await call(m.t.app, 'POST', `/api/admin/reports/${groupId}/hide`, m.mod1.cookie, {
      reason: 'Spam links.',
    });
    const posted = await call(m.t.app, 'POST', '/api/messages/add-message', m.owner.cookie, {
      groupProjectId: groupId,
      clientId: `restore-${groupId}`,
      text: 'Still here?',
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json().error.message).toMatch(/hid this group: its board takes no new messages/);

    const hidden = await call(m.t.app, 'GET', '/api/admin/hidden-groups?page=1', m.mod1.cookie);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toContainEqual(
      expect.objectContaining({ groupId, ownerLogin: m.owner.login, reason: 'Spam links.' }),
    );
    expect((await call(m.t.app, 'GET', '/api/admin/hidden-groups?page=1', m.alice.cookie)).statusCode).toBe(
      403,
    );
    const byStranger = await call(
      m.t.app,
      'POST',
      `/api/admin/hidden-groups/${groupId}/restore`,
      m.alice.cookie,
      {
        reason: 'x',
      },
    );
    expect(byStranger.statusCode).toBe(403);
    const noReason = await call(
      m.t.app,
      'POST',
      `/api/admin/hidden-groups/${groupId}/restore`,
      m.mod2.cookie,
      {
        reason: ' ',
      },
    );
    expect(noReason.statusCode).toBe(400);

    const res = await call(m.t.app, 'POST', `/api/admin/hidden-groups/${groupId}/restore`, m.mod2.cookie, {
      reason: 'The owner removed the links.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ groupId, restored: true });
    expect(await inPublicList(groupId)).toBe(true);
    expect((await call(m.t.app, 'GET', `/api/group-projects/${groupId}`, m.alice.cookie)).statusCode).toBe(
      200,
    );
    expect((await info(m.owner.cookie, groupId)).json().data).toMatchObject({
      hidden: false,
      hiddenReason: null,
    });
    const again = await call(m.t.app, 'POST', '/api/messages/add-message', m.owner.cookie, {
      groupProjectId: groupId,
      clientId: `restore-${groupId}-again`,
      text: 'Back.',
    });
    expect(again.statusCode).toBe(200);
    expect(
      (
        (await call(m.t.app, 'GET', '/api/admin/hidden-groups?page=1', m.mod1.cookie)).json().data as {
          groupId: number;
        }[]
      ).map((g) => g.groupId),
    ).not.toContain(groupId);
    expect(await lastAudit()).toMatchObject({
      actor_login: m.mod2.login,
      action: 'group.restore',
      object_type: 'group_project',
      object_id: String(groupId),
      reason: 'The owner removed the links.',
    });
    const twice = await call(m.t.app, 'POST', `/api/admin/hidden-groups/${groupId}/restore`, m.mod1.cookie, {
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
    const missing = await call(m.t.app, 'POST', '/api/admin/hidden-groups/999999/restore', m.mod1.cookie, {
      reason: 'gone',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("a non-owner member's discussion-info omits the hidden fields on a visible group", async () => {
    const { groupId } = await reportedGroup(m.t.app, m.t.database.db, m.owner.cookie, 1);
    await call(m.t.app, 'POST', '/api/group-projects/join', m.member.cookie, { groupProjectId: groupId });
    const res = await info(m.member.cookie, groupId);
    expect(res.json().data).not.toHaveProperty('hidden');
    expect((await info(m.owner.cookie, groupId)).json().data).toMatchObject({
      hidden: false,
      hiddenReason: null,
    });
  });

  it("delete removes the group with everything attached, like the creator's deletion", async () => {
    const db = m.t.database.db;
    const { groupId } = await reportedGroup(m.t.app, db, m.owner.cookie, 2, { visibility: 'private' });
    await call(m.t.app, 'POST', '/api/group-projects/request', m.member.cookie, { groupProjectId: groupId });
    await call(m.t.app, 'POST', '/api/group-projects/pending-requests', m.owner.cookie, {
      groupProjectId: groupId,
      requestUsername: m.member.login,
    });
    await call(m.t.app, 'POST', '/api/group-projects/request', m.alice.cookie, { groupProjectId: groupId });
    await call(m.t.app, 'POST', '/api/group-projects/save', m.member.cookie, { projectId: groupId });
    await db
      .insertInto('messages')
      .values({
        room: discussionRoom(groupId),
        group_id: groupId,
        author_id: m.member.id,
        client_id: `m-${groupId}`,
        body: 'hi',
      })
      .execute();
    const res = await call(m.t.app, 'POST', `/api/admin/reports/${groupId}/delete`, m.mod2.cookie, {
      reason: 'Scam.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ groupId, outcome: 'deleted', reportsClosed: 2 });
    for (const [table, column] of [
      ['group_projects', 'id'],
      ['group_members', 'group_id'],
      ['group_join_requests', 'group_id'],
      ['group_saves', 'group_id'],
      ['messages', 'group_id'],
    ] as const) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${groupId}`.execute(
        db,
      );
      expect(rows[0]?.n, table).toBe(0);
    }
    const reports = await reportOutcomes(groupId);
    expect(reports).toEqual([
      { status: 'actioned', outcome: 'deleted' },
      { status: 'actioned', outcome: 'deleted' },
    ]);
    expect(await lastAudit()).toMatchObject({
      actor_login: 'Mod-Two',
      action: 'group.delete',
      object_id: String(groupId),
      reason: 'Scam.',
    });
    expect(
      (await call(m.t.app, 'POST', `/api/admin/reports/${groupId}/delete`, m.mod2.cookie, {})).statusCode,
    ).toBe(404);
    // The creator's own deletion goes through the same code and still works.
    const own = await reportedGroup(m.t.app, db, m.owner.cookie, 0);
    const del = await call(m.t.app, 'DELETE', '/api/group-projects/delete-project', m.owner.cookie, {
      groupProjectId: own.groupId,
    });
    expect(del.statusCode).toBe(204);
  });
});

describe('a reported group its owner deletes', () => {
  it("leaves the moderators' queue: its reports close as deleted by the owner, and the audit log says so", async () => {
    const db = m.t.database.db;
    const { groupId } = await reportedGroup(m.t.app, db, m.owner.cookie, 2, { title: 'Gone by its owner' });
    const del = await call(m.t.app, 'DELETE', '/api/group-projects/delete-project', m.owner.cookie, {
      groupProjectId: groupId,
    });
    expect(del.statusCode).toBe(204);

    const reports = await reportOutcomes(groupId);
    expect(reports).toEqual([
      { status: 'actioned', outcome: 'deleted-by-owner' },
      { status: 'actioned', outcome: 'deleted-by-owner' },
    ]);
    const list = await call(m.t.app, 'GET', '/api/admin/reports', m.mod1.cookie);
    expect(list.json().data.map((g: { groupId: number }) => g.groupId)).not.toContain(groupId);
    const audit = await call(m.t.app, 'GET', '/api/admin/audit', m.mod1.cookie);
    expect(audit.json().data[0]).toMatchObject({
      actor: m.owner.login,
      action: 'group.delete-by-owner',
      objectType: 'group_project',
      objectId: String(groupId),
      details: { reportsClosed: 2, title: 'Gone by its owner' },
    });
  });

  it('writes nothing to the audit log when no report was open', async () => {
    const db = m.t.database.db;
    const before = (await auditRows(db)).length;
    const { groupId } = await reportedGroup(m.t.app, db, m.owner.cookie, 0);
    const del = await call(m.t.app, 'DELETE', '/api/group-projects/delete-project', m.owner.cookie, {
      groupProjectId: groupId,
    });
    expect(del.statusCode).toBe(204);
    expect((await auditRows(db)).length).toBe(before);
  });
});
