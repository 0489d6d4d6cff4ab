import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5', SIGN_IN_RATE_LIMIT_PER_MINUTE: '2' } });
});
afterAll(() => t.close());

const topics = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/projects/topics',
    headers,
    remoteAddress: headers['x-test-ip'] ?? '127.0.0.1',
  });

describe('rate limits', () => {
  it('answer 429 in the error contract, with Retry-After, past the per-client limit', async () => {
    const ip = { 'x-test-ip': '10.0.0.1' };
    for (let i = 0; i < 5; i++) expect((await topics(ip)).statusCode).toBe(200);
    const refused = await topics(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(
      /^Too many requests\. Please try again in \d+ (seconds?|minutes?)\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget.
    expect((await topics({ 'x-test-ip': '10.0.0.2' })).statusCode).toBe(200);
  });

  it('count signed-in users by session, not by the address they share', async () => {
    const shared = { 'x-test-ip': '10.0.0.3' };
    const a = await createSignedInUser(t.database.db, 'limit-a');
    const b = await createSignedInUser(t.database.db, 'limit-b');
    for (let i = 0; i < 5; i++) expect((await topics({ ...shared, cookie: a.cookie })).statusCode).toBe(200);
    expect((await topics({ ...shared, cookie: a.cookie })).statusCode).toBe(429);
    expect((await topics({ ...shared, cookie: b.cookie })).statusCode).toBe(200);
  });

  it('never limit the health check that load balancers poll', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.4' });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limit sign-in more tightly, per address', async () => {
    const authorize = () =>
      t.app.inject({ method: 'GET', url: '/api/account/authorize', remoteAddress: '10.0.0.5' });
    expect((await authorize()).statusCode).toBe(302);
    expect((await authorize()).statusCode).toBe(302);
    const refused = await authorize();
    expect(refused.statusCode).toBe(429);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: jsonHeaders,
      payload: { code: 'c', state: 's' },
      remoteAddress: '10.0.0.6',
    });
    // A fresh address is not limited yet: it gets the ordinary answer (no pending sign-in here).
    expect(login.statusCode).toBe(400);
  });
});
