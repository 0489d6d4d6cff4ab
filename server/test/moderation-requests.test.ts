// Moderators deciding the project requests: the queue, approving, rejecting, GitHub's figures on demand.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/app.js';
import type { FakeGitHub } from './support/fake-github.js';
import { call } from './support/groups.js';
import {
  auditRows,
  createRequest,
  projectCount,
  startModeration,
  type ModerationUser as User,
} from './support/moderation.js';

let t: TestApp;
let github: FakeGitHub;
let mod1: User;
let mod2: User;
let member: User;
let alice: User;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ t, github, mod1, mod2, member, alice, stop } = await startModeration());
});
afterAll(() => stop());

const catalogueTotal = async (): Promise<number> => {
  const res = await call(t.app, 'POST', '/api/projects', null, { page: 1, sortField: 'name', order: 'ASC' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};
const lastAudit = async () => (await auditRows(t.database.db)).at(-1);

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
