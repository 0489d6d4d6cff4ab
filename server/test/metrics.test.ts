import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';

/** `/metrics` for Prometheus, behind METRICS_TOKEN, and readiness apart from liveness. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const TOKEN = 'a-metrics-token-for-tests';

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('openlfg_');
  });

  it('answers 401 without the token, or with another one', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        ...(authorization ? { headers: { authorization } } : {}),
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('openlfg_');
    }
  });

  it("answers Prometheus' text: request latency by route pattern, realtime, notifications, mail, sync", async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    // Two groups' cards: one series for the route pattern, not one per id.
    for (const id of [101, 102]) await t.app.inject({ method: 'GET', url: `/api/group-projects/${id}` });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /^openlfg_http_request_duration_seconds_count\{method="GET",route="\/api\/group-projects\/:groupProjectId",status_code="404"\} 2$/m,
    );
    expect(text).not.toContain('/api/group-projects/101');
    for (const name of [
      'openlfg_realtime_sockets 0',
      'openlfg_realtime_rooms 0',
      '# TYPE openlfg_notifications_total counter',
      '# TYPE openlfg_mail_sent_total counter',
      '# TYPE openlfg_sync_runs_total counter',
      '# TYPE openlfg_github_webhook_deliveries_total counter',
      '# TYPE openlfg_github_budget_remaining gauge',
      '# TYPE openlfg_github_sync_cost_total counter',
      '# TYPE openlfg_issue_rechecks_total counter',
      '# TYPE openlfg_issue_recheck_budget_refusals_total counter',
      '# TYPE openlfg_process_cpu_seconds_total counter',
    ]) {
      expect(text).toContain(name);
    }
  });
});

describe('readiness and liveness', () => {
  it('is 503 while the node starts, where liveness is 200 and other requests are 503 with Retry-After', async () => {
    t = await createTestApp({ startsLater: true });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'starting', database: 'unknown' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/projects/topics' });
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toBe('5');
    expect(list.json().error.message).toContain('starting');

    t.app.markStarted();
    const afterwards = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(afterwards.statusCode).toBe(200);
    expect(afterwards.json()).toEqual({ status: 'ready', database: 'up' });
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/topics' })).statusCode).toBe(200);
  });

  it('is 503 once the database is gone', async () => {
    t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
