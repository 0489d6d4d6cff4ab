// Moderators deciding the project requests: the queue, approving, rejecting, GitHub's figures on demand.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call } from './support/groups.js';
import { auditRows, createRequest, projectCount, useModeration } from './support/moderation.js';

const m = useModeration();

const catalogueTotal = async (): Promise<number> => {
  const res = await call(m.t.app, 'POST', '/api/projects', null, {
    page: 1,
    sortField: 'name',
    order: 'ASC',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};
const lastAudit = async () => (await auditRows(m.t.database.db)).at(-1);

describe('project requests', () => {
  it('lists pending requests newest first, with requesters and whether the repository is listed', async () => {
    const db = m.t.database.db;
    await db
      .insertInto('projects')
      .values({ repo_ext: 'queue/Listed', name: 'Listed', topics: [] })
      .execute();
    const older = await createRequest(db, 'queue/listed', [m.alice.id, m.member.id]);
    await sql`update project_requests set created_at = now() - interval '1 day' where id = ${older}`.execute(
      db,
    );
    const newer = await createRequest(db, 'queue/new', [m.alice.id]);
    const res = await call(m.t.app, 'GET', '/api/admin/requests', m.mod1.cookie);
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
    const id = await createRequest(m.t.database.db, 'race/Approved', [m.alice.id]);
    const totalBefore = await catalogueTotal();
    const [a, b] = await Promise.all([
      call(m.t.app, 'POST', `/api/admin/requests/${id}/approve`, m.mod1.cookie, {}),
      call(m.t.app, 'POST', `/api/admin/requests/${id}/approve`, m.mod2.cookie, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error).toEqual({ code: 'CONFLICT', message: 'This request was already approved.' });
    expect(await projectCount(m.t.database.db, 'race/approved')).toBe(1);
    const project = await m.t.database.db
      .selectFrom('projects')
      .select(['last_synced_at', 'source'])
      .where('repo_ext', '=', 'race/Approved')
      .executeTakeFirstOrThrow();
    // Never synced: the next sync run takes it first.
    expect(project).toEqual({ last_synced_at: null, source: 'request' });
    const approvals = (await auditRows(m.t.database.db)).filter(
      (r) => r.action === 'request.approve' && r.object_id === String(id),
    );
    expect(approvals).toHaveLength(1);
    // The public list shows it at once (the list cache was told).
    expect(await catalogueTotal()).toBe(totalBefore + 1);
    // A decided request leaves the queue.
    const queue = await call(m.t.app, 'GET', '/api/admin/requests', m.mod1.cookie);
    expect(queue.json().data.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('approving a repository already listed adds nothing', async () => {
    await m.t.database.db
      .insertInto('projects')
      .values({ repo_ext: 'already/Listed', name: 'Listed', topics: [] })
      .execute();
    const id = await createRequest(m.t.database.db, 'ALREADY/LISTED', [m.alice.id]);
    const res = await call(m.t.app, 'POST', `/api/admin/requests/${id}/approve`, m.mod1.cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', projectId: expect.any(Number) });
    expect(await projectCount(m.t.database.db, 'already/listed')).toBe(1);
  });

  it('rejects with a reason, and refuses deciding twice', async () => {
    const id = await createRequest(m.t.database.db, 'reject/me', [m.alice.id]);
    const noReason = await call(m.t.app, 'POST', `/api/admin/requests/${id}/reject`, m.mod1.cookie, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.code).toBe('VALIDATION_ERROR');
    const blank = await call(m.t.app, 'POST', `/api/admin/requests/${id}/reject`, m.mod1.cookie, {
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);
    const res = await call(m.t.app, 'POST', `/api/admin/requests/${id}/reject`, m.mod1.cookie, {
      reason: 'Not maintained.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, repoExt: 'reject/me', status: 'rejected', projectId: null });
    const row = await m.t.database.db
      .selectFrom('project_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'rejected',
      decided_by: m.mod1.id,
      decision_reason: 'Not maintained.',
    });
    expect(await projectCount(m.t.database.db, 'reject/me')).toBe(0);
    for (const action of ['approve', 'reject']) {
      const again = await call(m.t.app, 'POST', `/api/admin/requests/${id}/${action}`, m.mod2.cookie, {
        reason: 'again',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This request was already rejected.');
    }
    expect(await lastAudit()).toMatchObject({
      actor_id: m.mod1.id,
      actor_login: 'mod-one',
      action: 'request.reject',
      object_type: 'project_request',
      object_id: String(id),
      reason: 'Not maintained.',
    });
    const missing = await call(m.t.app, 'POST', '/api/admin/requests/999999/approve', m.mod1.cookie, {});
    expect(missing.statusCode).toBe(404);
  });

  it("fetches the repository's figures from GitHub on demand", async () => {
    m.github.repositories.set('figures/repo', {
      stargazerCount: 42,
      forkCount: 7,
      description: 'A repo',
      language: 'Rust',
      isArchived: false,
      pushedAt: '2026-10-01T00:00:00Z',
      license: { spdxId: 'MIT', name: 'MIT License' },
    });
    const id = await createRequest(m.t.database.db, 'figures/repo', [m.alice.id]);
    const res = await call(m.t.app, 'GET', `/api/admin/requests/${id}/github`, m.mod1.cookie);
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
    const gone = await createRequest(m.t.database.db, 'figures/gone', [m.alice.id]);
    const notFound = await call(m.t.app, 'GET', `/api/admin/requests/${gone}/github`, m.mod1.cookie);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.message).toBe('GitHub has no such repository.');
    m.github.mode = 'down';
    try {
      const down = await call(m.t.app, 'GET', `/api/admin/requests/${id}/github`, m.mod1.cookie);
      expect(down.statusCode).toBe(502);
      expect(down.json().error.message).toMatch(/GitHub did not answer/);
    } finally {
      m.github.mode = 'up';
    }
  });
});
