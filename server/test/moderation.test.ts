// Who moderates, the catalogue's health and Sync now, and the audit log of every moderation action.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { withSyncLock } from '../src/catalog/sync/lock.js';
import { NO_TOKEN_MESSAGE } from '../src/catalog/sync/run.js';
import { testConfig } from './support/app.js';
import { call } from './support/groups.js';
import { auditRows, moderateOnceEach, projectCount, useModeration } from './support/moderation.js';

const m = useModeration();

const lastAudit = async () => (await auditRows(m.t.database.db)).at(-1);

describe('catalogue health', () => {
  it('reports the last run, its failures, budgets and the archived or unreachable projects', async () => {
    const db = m.t.database.db;
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
    const res = await call(m.t.app, 'GET', '/api/admin/catalogue', m.mod1.cookie);
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

    const removed = await call(m.t.app, 'DELETE', `/api/admin/projects/${archived.id}`, m.mod1.cookie, {
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
      (await call(m.t.app, 'DELETE', `/api/admin/projects/${archived.id}`, m.mod1.cookie, {})).statusCode,
    ).toBe(404);
  });

  it('sync now is refused politely while a run holds the lock', async () => {
    const outcome = await withSyncLock(m.t.database, async () => {
      const res = await call(m.t.app, 'POST', '/api/admin/sync', m.mod1.cookie, {});
      return { status: res.statusCode, error: res.json().error };
    });
    expect(outcome).toEqual({
      acquired: true,
      value: { status: 409, error: { code: 'CONFLICT', message: 'A catalogue sync is already running.' } },
    });
  });

  it('sync now starts a run under the lock and audit-logs it', async () => {
    m.github.repositories.set('health/gone', { stargazerCount: 1, forkCount: 1 });
    const res = await call(m.t.app, 'POST', '/api/admin/sync', m.mod1.cookie, { reason: 'Fresh figures.' });
    expect(res.statusCode, res.body).toBe(202);
    const { runId } = res.json();
    expect(await lastAudit()).toMatchObject({
      action: 'catalogue.sync',
      object_type: 'sync_run',
      object_id: String(runId),
    });
    await expect
      .poll(
        async () => (await call(m.t.app, 'GET', '/api/admin/catalogue', m.mod1.cookie)).json().lastRun.status,
        { timeout: 10_000 },
      )
      .toBe('completed');
  });

  it('sync now is refused without a GitHub token, with the sync’s own message', async () => {
    const app = await buildApp({
      config: testConfig({ ADMIN_LOGINS: 'mod-one' }),
      database: m.t.database,
      webDistDir: null,
      logger: false,
    });
    try {
      // The moderation page is told beforehand, so it can show Sync now disabled with what it needs.
      const health = await call(app, 'GET', '/api/admin/catalogue', m.mod1.cookie);
      expect(health.statusCode).toBe(200);
      expect(health.json().syncAvailable).toBe(false);
      const res = await call(app, 'POST', '/api/admin/sync', m.mod1.cookie, {});
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
  // One of each decision on requests and reports; the catalogue's own are made above.
  beforeAll(() => moderateOnceEach(m.t, m));

  it('shows every action newest first, 50 a page', async () => {
    const res = await call(m.t.app, 'GET', '/api/admin/audit?page=1', m.mod1.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rows = await auditRows(m.t.database.db);
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
    expect((await call(m.t.app, 'GET', '/api/admin/audit?page=0', m.mod1.cookie)).statusCode).toBe(400);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const db = m.t.database.db;
    await expect(sql`update audit_log set reason = 'edited'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await auditRows(db)).length).toBeGreaterThan(0);
  });

  it('has no route that edits it', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(m.t.app, method, '/api/admin/audit', m.mod1.cookie, {});
      expect(res.statusCode).toBe(404);
    }
  });
});
