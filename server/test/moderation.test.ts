import { discussionRoom } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { withSyncLock } from '../src/catalog/sync/lock.js';
import { NO_TOKEN_MESSAGE } from '../src/catalog/sync/run.js';
import { createTestApp, testConfig, type TestApp } from './support/app.js';
import { FakeEcosystems } from './support/fake-ecosystems.js';
import { FakeGitHub } from './support/fake-github.js';
import { call } from './support/groups.js';
import { auditRows, createRequest, projectCount, reportedGroup } from './support/moderation.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
let github: FakeGitHub;
let ecosystems: FakeEcosystems;
type User = { id: number; login: string; cookie: string };
let mod1: User;
let mod2: User;
let owner: User;
let member: User;
let alice: User;

beforeAll(async () => {
  github = await new FakeGitHub().start();
  ecosystems = await new FakeEcosystems().start();
  t = await createTestApp({
    env: { ...github.syncEnv(), ...ecosystems.env(), ADMIN_LOGINS: ' mod-one , MOD-TWO ' },
  });
  const db = t.database.db;
  mod1 = await createSignedInUser(db, 'mod-one');
  mod2 = await createSignedInUser(db, 'Mod-Two');
  owner = await createSignedInUser(db, 'mod-owner');
  member = await createSignedInUser(db, 'mod-member');
  alice = await createSignedInUser(db, 'mod-alice');
});
afterAll(async () => {
  await t.close();
  await github.stop();
  await ecosystems.stop();
});

const catalogueTotal = async (): Promise<number> => {
  const res = await call(t.app, 'POST', '/api/projects', null, { page: 1, sortField: 'name', order: 'ASC' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};
const lastAudit = async () => (await auditRows(t.database.db)).at(-1);
const reportOutcomes = (groupId: number) =>
  t.database.db
    .selectFrom('group_reports')
    .select(['status', 'outcome'])
    .where('group_id', '=', groupId)
    .execute();

describe('project requests', () => {
  it('lists pending requests newest first, with requesters and whether the repository is listed', async () => {
    const db = t.database.db;
    await db
      .insertInto('projects')
      .values({ repo_ext: 'queue/Listed', name: 'Listed', topics: [] })
      .execute();
    const older = await createRequest(db, 'queue/listed', [alice.id, member.id]);
    await sql`update project_requests set created_at = now() - interval '1 day' where id = ${older}`.execute(
      db,
    );
    const newer = await createRequest(db, 'queue/new', [alice.id]);
    const res = await call(t.app, 'GET', '/api/admin/requests', mod1.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ours = body.data.filter((r: { id: number }) => r.id === older || r.id === newer);
    expect(ours).toEqual([
      expect.objectContaining({ id: newer, repoExt: 'queue/new', requesters: ['mod-alice'], listed: false }),
      expect.objectContaining({
        id: older,
        repoExt: 'queue/listed',
        requesters: ['mod-alice', 'mod-member'],
        listed: true,
      }),
    ]);
    expect(body).toMatchObject({ page: 1, totalPages: 1 });
  });

  it('approves exactly once when two moderators approve at the same moment', async () => {
    const id = await createRequest(t.database.db, 'race/Approved', [alice.id]);
    const totalBefore = await catalogueTotal();
    const [a, b] = await Promise.all([
      call(t.app, 'POST', `/api/admin/requests/${id}/approve`, mod1.cookie, {}),
      call(t.app, 'POST', `/api/admin/requests/${id}/approve`, mod2.cookie, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error).toEqual({ code: 'CONFLICT', message: 'This request was already approved.' });
    expect(await projectCount(t.database.db, 'race/approved')).toBe(1);
    const project = await t.database.db
      .selectFrom('projects')
      .select(['last_synced_at', 'source'])
      .where('repo_ext', '=', 'race/Approved')
      .executeTakeFirstOrThrow();
    // Never synced: the next sync run takes it first.
    expect(project).toEqual({ last_synced_at: null, source: 'request' });
    const approvals = (await auditRows(t.database.db)).filter(
      (r) => r.action === 'request.approve' && r.object_id === String(id),
    );
    expect(approvals).toHaveLength(1);
    // The public list shows it at once (the list cache was told).
    expect(await catalogueTotal()).toBe(totalBefore + 1);
    // A decided request leaves the queue.
    const queue = await call(t.app, 'GET', '/api/admin/requests', mod1.cookie);
    expect(queue.json().data.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('approving a repository already listed adds nothing', async () => {
    await t.database.db
      .insertInto('projects')
      .values({ repo_ext: 'already/Listed', name: 'Listed', topics: [] })
      .execute();
    const id = await createRequest(t.database.db, 'ALREADY/LISTED', [alice.id]);
    const res = await call(t.app, 'POST', `/api/admin/requests/${id}/approve`, mod1.cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', projectId: expect.any(Number) });
    expect(await projectCount(t.database.db, 'already/listed')).toBe(1);
  });

  it('rejects with a reason, and refuses deciding twice', async () => {
    const id = await createRequest(t.database.db, 'reject/me', [alice.id]);
    const noReason = await call(t.app, 'POST', `/api/admin/requests/${id}/reject`, mod1.cookie, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.code).toBe('VALIDATION_ERROR');
    const blank = await call(t.app, 'POST', `/api/admin/requests/${id}/reject`, mod1.cookie, {
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);
    const res = await call(t.app, 'POST', `/api/admin/requests/${id}/reject`, mod1.cookie, {
      reason: 'Not maintained.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, repoExt: 'reject/me', status: 'rejected', projectId: null });
    const row = await t.database.db
      .selectFrom('project_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'rejected',
      decided_by: mod1.id,
      decision_reason: 'Not maintained.',
    });
    expect(await projectCount(t.database.db, 'reject/me')).toBe(0);
    for (const action of ['approve', 'reject']) {
      const again = await call(t.app, 'POST', `/api/admin/requests/${id}/${action}`, mod2.cookie, {
        reason: 'again',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This request was already rejected.');
    }
    expect(await lastAudit()).toMatchObject({
      actor_id: mod1.id,
      actor_login: 'mod-one',
      action: 'request.reject',
      object_type: 'project_request',
      object_id: String(id),
      reason: 'Not maintained.',
    });
    const missing = await call(t.app, 'POST', '/api/admin/requests/999999/approve', mod1.cookie, {});
    expect(missing.statusCode).toBe(404);
  });

  it("fetches the repository's figures from GitHub on demand", async () => {
    github.repositories.set('figures/repo', {
      stargazerCount: 42,
      forkCount: 7,
      description: 'A repo',
      language: 'Rust',
      isArchived: false,
      pushedAt: '2026-10-01T00:00:00Z',
      license: { spdxId: 'MIT', name: 'MIT License' },
    });
    const id = await createRequest(t.database.db, 'figures/repo', [alice.id]);
    const res = await call(t.app, 'GET', `/api/admin/requests/${id}/github`, mod1.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      repoExt: 'figures/repo',
      stars: 42,
      forks: 7,
      description: 'A repo',
      language: 'Rust',
      archived: false,
      pushedAt: '2026-10-01T00:00:00Z',
      license: 'MIT',
    });
    const gone = await createRequest(t.database.db, 'figures/gone', [alice.id]);
    const notFound = await call(t.app, 'GET', `/api/admin/requests/${gone}/github`, mod1.cookie);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.message).toBe('GitHub has no such repository.');
    github.mode = 'down';
    try {
      const down = await call(t.app, 'GET', `/api/admin/requests/${id}/github`, mod1.cookie);
      expect(down.statusCode).toBe(502);
      expect(down.json().error.message).toMatch(/GitHub did not answer/);
    } finally {
      github.mode = 'up';
    }
  });
});

const info = (cookie: string | null, groupProjectId: number) =>
  call(t.app, 'POST', '/api/group-projects/discussion-info', cookie, { groupProjectId });
const inPublicList = async (groupId: number) => {
  const res = await call(t.app, 'POST', '/api/group-projects', null, {
    page: 1,
    sortField: 'date_posted',
    order: 'DESC',
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { groupProjectId: number }[]).some((g) => g.groupProjectId === groupId);
};

describe('reports', () => {
  it('lists open reports grouped by group, with reasons and reporters', async () => {
    const { groupId, reporters } = await reportedGroup(t.app, t.database.db, owner.cookie, 2, {
      title: 'Reported twice',
    });
    const res = await call(t.app, 'GET', '/api/admin/reports', mod1.cookie);
    expect(res.statusCode).toBe(200);
    const group = res.json().data.find((g: { groupId: number }) => g.groupId === groupId);
    expect(group).toMatchObject({ title: 'Reported twice', exists: true, hidden: false });
    expect(group.reports.map((r: { reporter: string }) => r.reporter).sort()).toEqual([...reporters].sort());
    expect(group.reports[0].reason).toMatch(/^spam/);
  });

  it('dismiss closes the reports as dismissed and keeps the group', async () => {
    const { groupId } = await reportedGroup(t.app, t.database.db, owner.cookie, 2);
    const res = await call(t.app, 'POST', `/api/admin/reports/${groupId}/dismiss`, mod1.cookie, {
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
    const again = await call(t.app, 'POST', `/api/admin/reports/${groupId}/dismiss`, mod1.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(await lastAudit()).toMatchObject({
      action: 'report.dismiss',
      object_id: String(groupId),
      reason: 'Fine.',
    });
    const list = await call(t.app, 'GET', '/api/admin/reports', mod1.cookie);
    expect(list.json().data.map((g: { groupId: number }) => g.groupId)).not.toContain(groupId);
  });

  it('hide removes the group from every list and closes its board to all but the owner', async () => {
    const { groupId } = await reportedGroup(t.app, t.database.db, owner.cookie, 1, { visibility: 'public' });
    expect(
      (await call(t.app, 'POST', '/api/group-projects/join', member.cookie, { groupProjectId: groupId }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/group-projects/save', member.cookie, { projectId: groupId }))
        .statusCode,
    ).toBe(200);
    expect(await inPublicList(groupId)).toBe(true);

    const missingReason = await call(t.app, 'POST', `/api/admin/reports/${groupId}/hide`, mod1.cookie, {});
    expect(missingReason.statusCode).toBe(400);
    const res = await call(t.app, 'POST', `/api/admin/reports/${groupId}/hide`, mod1.cookie, {
      reason: 'Advertising.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ groupId, outcome: 'hidden', reportsClosed: 1 });

    expect(await inPublicList(groupId)).toBe(false);
    const ids = async (url: string, cookie: string) =>
      ((await call(t.app, 'GET', url, cookie)).json().data as { groupProjectId: number }[]).map(
        (g) => g.groupProjectId,
      );
    expect(await ids('/api/group-projects/my-groups', member.cookie)).not.toContain(groupId);
    expect(await ids('/api/group-projects/saved', member.cookie)).not.toContain(groupId);
    expect(await ids('/api/group-projects/my-groups', owner.cookie)).toContain(groupId);
    for (const cookie of [null, member.cookie, alice.cookie]) {
      expect((await call(t.app, 'GET', `/api/group-projects/${groupId}`, cookie)).statusCode).toBe(404);
    }
    expect((await call(t.app, 'GET', `/api/group-projects/${groupId}`, owner.cookie)).statusCode).toBe(200);
    for (const cookie of [member.cookie, alice.cookie, null]) {
      const refused = await info(cookie, groupId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('A moderator hid this group: it is closed.');
    }
    const join = await call(t.app, 'POST', '/api/group-projects/join', alice.cookie, {
      groupProjectId: groupId,
    });
    expect(join.statusCode).toBe(403);
    const mine = await info(owner.cookie, groupId);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      hidden: true,
      hiddenReason: 'Advertising.',
      viewer: { role: 'owner', may: { readDiscussion: true } },
    });
    const row = await t.database.db
      .selectFrom('group_projects')
      .select(['hidden_by', 'hidden_reason'])
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ hidden_by: mod1.id, hidden_reason: 'Advertising.' });
    const reports = await reportOutcomes(groupId);
    expect(reports).toEqual([{ status: 'actioned', outcome: 'hidden' }]);
    expect(await lastAudit()).toMatchObject({
      actor_login: 'mod-one',
      action: 'group.hide',
      object_type: 'group_project',
      object_id: String(groupId),
      reason: 'Advertising.',
    });
    const twice = await call(t.app, 'POST', `/api/admin/reports/${groupId}/hide`, mod2.cookie, {
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('restore lists the hidden group for moderators, shows it again everywhere and audit-logs it', async () => {
    const { groupId } = await reportedGroup(t.app, t.database.db, owner.cookie, 1, { visibility: 'public' });
    await call(t.app, 'POST', `/api/admin/reports/${groupId}/hide`, mod1.cookie, { reason: 'Spam links.' });
    const posted = await call(t.app, 'POST', '/api/messages/add-message', owner.cookie, {
      groupProjectId: groupId,
      clientId: `restore-${groupId}`,
      text: 'Still here?',
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json().error.message).toMatch(/hid this group: its board takes no new messages/);

    const hidden = await call(t.app, 'GET', '/api/admin/hidden-groups?page=1', mod1.cookie);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toContainEqual(
      expect.objectContaining({ groupId, ownerLogin: owner.login, reason: 'Spam links.' }),
    );
    expect((await call(t.app, 'GET', '/api/admin/hidden-groups?page=1', alice.cookie)).statusCode).toBe(403);
    const byStranger = await call(
      t.app,
      'POST',
      `/api/admin/hidden-groups/${groupId}/restore`,
      alice.cookie,
      {
        reason: 'x',
      },
    );
    expect(byStranger.statusCode).toBe(403);
    const noReason = await call(t.app, 'POST', `/api/admin/hidden-groups/${groupId}/restore`, mod2.cookie, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);

    const res = await call(t.app, 'POST', `/api/admin/hidden-groups/${groupId}/restore`, mod2.cookie, {
      reason: 'The owner removed the links.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ groupId, restored: true });
    expect(await inPublicList(groupId)).toBe(true);
    expect((await call(t.app, 'GET', `/api/group-projects/${groupId}`, alice.cookie)).statusCode).toBe(200);
    expect((await info(owner.cookie, groupId)).json().data).toMatchObject({
      hidden: false,
      hiddenReason: null,
    });
    const again = await call(t.app, 'POST', '/api/messages/add-message', owner.cookie, {
      groupProjectId: groupId,
      clientId: `restore-${groupId}-again`,
      text: 'Back.',
    });
    expect(again.statusCode).toBe(200);
    expect(
      (
        (await call(t.app, 'GET', '/api/admin/hidden-groups?page=1', mod1.cookie)).json().data as {
          groupId: number;
        }[]
      ).map((g) => g.groupId),
    ).not.toContain(groupId);
    expect(await lastAudit()).toMatchObject({
      actor_login: mod2.login,
      action: 'group.restore',
      object_type: 'group_project',
      object_id: String(groupId),
      reason: 'The owner removed the links.',
    });
    const twice = await call(t.app, 'POST', `/api/admin/hidden-groups/${groupId}/restore`, mod1.cookie, {
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
    const missing = await call(t.app, 'POST', '/api/admin/hidden-groups/999999/restore', mod1.cookie, {
      reason: 'gone',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("a non-owner member's discussion-info omits the hidden fields on a visible group", async () => {
    const { groupId } = await reportedGroup(t.app, t.database.db, owner.cookie, 1);
    await call(t.app, 'POST', '/api/group-projects/join', member.cookie, { groupProjectId: groupId });
    const res = await info(member.cookie, groupId);
    expect(res.json().data).not.toHaveProperty('hidden');
    expect((await info(owner.cookie, groupId)).json().data).toMatchObject({
      hidden: false,
      hiddenReason: null,
    });
  });

  it("delete removes the group with everything attached, like the creator's deletion", async () => {
    const db = t.database.db;
    const { groupId } = await reportedGroup(t.app, db, owner.cookie, 2, { visibility: 'private' });
    await call(t.app, 'POST', '/api/group-projects/request', member.cookie, { groupProjectId: groupId });
    await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: groupId,
      requestUsername: member.login,
    });
    await call(t.app, 'POST', '/api/group-projects/request', alice.cookie, { groupProjectId: groupId });
    await call(t.app, 'POST', '/api/group-projects/save', member.cookie, { projectId: groupId });
    await db
      .insertInto('messages')
      .values({
        room: discussionRoom(groupId),
        group_id: groupId,
        author_id: member.id,
        client_id: `m-${groupId}`,
        body: 'hi',
      })
      .execute();
    const res = await call(t.app, 'POST', `/api/admin/reports/${groupId}/delete`, mod2.cookie, {
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
      (await call(t.app, 'POST', `/api/admin/reports/${groupId}/delete`, mod2.cookie, {})).statusCode,
    ).toBe(404);
    // The creator's own deletion goes through the same code and still works.
    const own = await reportedGroup(t.app, db, owner.cookie, 0);
    const del = await call(t.app, 'DELETE', '/api/group-projects/delete-project', owner.cookie, {
      groupProjectId: own.groupId,
    });
    expect(del.statusCode).toBe(204);
  });
});

describe('a reported group its owner deletes', () => {
  it("leaves the moderators' queue: its reports close as deleted by the owner, and the audit log says so", async () => {
    const db = t.database.db;
    const { groupId } = await reportedGroup(t.app, db, owner.cookie, 2, { title: 'Gone by its owner' });
    const del = await call(t.app, 'DELETE', '/api/group-projects/delete-project', owner.cookie, {
      groupProjectId: groupId,
    });
    expect(del.statusCode).toBe(204);

    const reports = await reportOutcomes(groupId);
    expect(reports).toEqual([
      { status: 'actioned', outcome: 'deleted-by-owner' },
      { status: 'actioned', outcome: 'deleted-by-owner' },
    ]);
    const list = await call(t.app, 'GET', '/api/admin/reports', mod1.cookie);
    expect(list.json().data.map((g: { groupId: number }) => g.groupId)).not.toContain(groupId);
    const audit = await call(t.app, 'GET', '/api/admin/audit', mod1.cookie);
    expect(audit.json().data[0]).toMatchObject({
      actor: owner.login,
      action: 'group.delete-by-owner',
      objectType: 'group_project',
      objectId: String(groupId),
      details: { reportsClosed: 2, title: 'Gone by its owner' },
    });
  });

  it('writes nothing to the audit log when no report was open', async () => {
    const db = t.database.db;
    const before = (await auditRows(db)).length;
    const { groupId } = await reportedGroup(t.app, db, owner.cookie, 0);
    const del = await call(t.app, 'DELETE', '/api/group-projects/delete-project', owner.cookie, {
      groupProjectId: groupId,
    });
    expect(del.statusCode).toBe(204);
    expect((await auditRows(db)).length).toBe(before);
  });
});

describe('catalogue health', () => {
  it('reports the last run, its failures, budgets and the archived or unreachable projects', async () => {
    const db = t.database.db;
    const archived = await db
      .insertInto('projects')
      .values({ repo_ext: 'health/archived', name: 'archived', topics: [], archived: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('projects')
      .values({
        repo_ext: 'health/gone',
        name: 'gone',
        topics: [],
        unreachable_at: new Date('2026-01-02T00:00:00Z'),
      })
      .execute();
    const run = await db
      .insertInto('sync_runs')
      .values({ cycle_started_at: new Date(), github_remaining: 4321, ecosystems_remaining: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`update sync_runs set status = 'completed', finished_at = now(), projects_synced = 5, projects_failed = 1 where id = ${run.id}`.execute(
      db,
    );
    await db
      .insertInto('sync_failures')
      .values({
        run_id: run.id,
        repo_ext: 'health/gone',
        kind: 'unreachable',
        reason: 'GitHub has no such repository',
      })
      .execute();
    const res = await call(t.app, 'GET', '/api/admin/catalogue', mod1.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lastRun).toMatchObject({ id: run.id, status: 'completed', synced: 5, failed: 1 });
    expect(body.failures).toEqual([
      { repoExt: 'health/gone', kind: 'unreachable', reason: 'GitHub has no such repository' },
    ]);
    expect(body.budgets).toMatchObject({ github: { remaining: 4321 }, ecosystemsRemaining: 99 });
    expect(body.problems.data.map((p: { repoExt: string }) => p.repoExt)).toEqual([
      'health/archived',
      'health/gone',
    ]);
    expect(body.syncRunning).toBe(false);
    expect(body.syncAvailable).toBe(true);

    const removed = await call(t.app, 'DELETE', `/api/admin/projects/${archived.id}`, mod1.cookie, {
      reason: 'Archived.',
    });
    expect(removed.statusCode).toBe(204);
    expect(await projectCount(db, 'health/archived')).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'project.remove',
      object_type: 'project',
      object_id: String(archived.id),
      reason: 'Archived.',
    });
    expect(
      (await call(t.app, 'DELETE', `/api/admin/projects/${archived.id}`, mod1.cookie, {})).statusCode,
    ).toBe(404);
  });

  it('sync now is refused politely while a run holds the lock', async () => {
    const outcome = await withSyncLock(t.database, async () => {
      const res = await call(t.app, 'POST', '/api/admin/sync', mod1.cookie, {});
      return { status: res.statusCode, error: res.json().error };
    });
    expect(outcome).toEqual({
      acquired: true,
      value: { status: 409, error: { code: 'CONFLICT', message: 'A catalogue sync is already running.' } },
    });
  });

  it('sync now starts a run under the lock and audit-logs it', async () => {
    github.repositories.set('health/gone', { stargazerCount: 1, forkCount: 1 });
    const res = await call(t.app, 'POST', '/api/admin/sync', mod1.cookie, { reason: 'Fresh figures.' });
    expect(res.statusCode, res.body).toBe(202);
    const { runId } = res.json();
    expect(await lastAudit()).toMatchObject({
      action: 'catalogue.sync',
      object_type: 'sync_run',
      object_id: String(runId),
    });
    await expect
      .poll(
        async () => (await call(t.app, 'GET', '/api/admin/catalogue', mod1.cookie)).json().lastRun.status,
        { timeout: 10_000 },
      )
      .toBe('completed');
  });

  it('sync now is refused without a GitHub token, with the sync’s own message', async () => {
    const app = await buildApp({
      config: testConfig({ ADMIN_LOGINS: 'mod-one' }),
      database: t.database,
      webDistDir: null,
      logger: false,
    });
    try {
      // The moderation page is told beforehand, so it can show Sync now disabled with what it needs.
      const health = await call(app, 'GET', '/api/admin/catalogue', mod1.cookie);
      expect(health.statusCode).toBe(200);
      expect(health.json().syncAvailable).toBe(false);
      const res = await call(app, 'POST', '/api/admin/sync', mod1.cookie, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(NO_TOKEN_MESSAGE);
    } finally {
      await app.close();
    }
  });
});

describe('ADMIN_LOGINS', () => {
  it('is a comma-separated list compared ignoring case, empty by default', () => {
    expect(testConfig({}).adminLogins).toEqual([]);
    expect(testConfig({ ADMIN_LOGINS: 'Alice, bob,,ALICE' }).adminLogins).toEqual(['alice', 'bob']);
    expect(() => testConfig({ ADMIN_LOGINS: 'alice;bob' })).toThrow(
      /ADMIN_LOGINS must be a comma-separated list/,
    );
  });
});

describe('the audit log', () => {
  it('shows every action newest first, 50 a page', async () => {
    const res = await call(t.app, 'GET', '/api/admin/audit?page=1', mod1.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rows = await auditRows(t.database.db);
    expect(body.total).toBe(rows.length);
    expect(body.data[0]).toMatchObject({ id: rows.at(-1)?.id, actor: rows.at(-1)?.actor_login });
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'request.approve',
      'request.reject',
      'report.dismiss',
      'group.hide',
      'group.delete',
      'project.remove',
      'catalogue.sync',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect((await call(t.app, 'GET', '/api/admin/audit?page=0', mod1.cookie)).statusCode).toBe(400);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const db = t.database.db;
    await expect(sql`update audit_log set reason = 'edited'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await auditRows(db)).length).toBeGreaterThan(0);
  });

  it('has no route that edits it', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(t.app, method, '/api/admin/audit', mod1.cookie, {});
      expect(res.statusCode).toBe(404);
    }
  });
});
