import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerRateLimits } from '../src/platform/http/rate-limits.js';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { closedPort, startTcpProxy } from './support/tcp-proxy.js';
import { createSignedInUser } from './support/users.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn('Skipping the rate-limit tests that need Redis: TEST_REDIS_URL is not set.');
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5', SIGN_IN_RATE_LIMIT_PER_MINUTE: '2' } });
});
afterAll(() => t.close());

const topics = (headers: Record<string, string> = {}, app = t.app) =>
  app.inject({
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

  it('count requests to API paths that do not exist, and leave pages alone', async () => {
    const probe = (ip: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await probe('10.0.0.9', `/api/no-such-${i}`)).statusCode).toBe(404);
    const refused = await probe('10.0.0.9', '/api/no-such-5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // The same budget as the routes': probing paths leaves nothing for them.
    expect((await topics({ 'x-test-ip': '10.0.0.9' })).statusCode).toBe(429);
    // A page's address (the web app answers it) is not an API request.
    for (let i = 0; i < 8; i++)
      expect((await probe('10.0.0.10', `/no/such/page-${i}`)).statusCode).not.toBe(429);
  });

  it('count signed-in users by session, not by the address they share', async () => {
    const shared = { 'x-test-ip': '10.0.0.3' };
    const a = await createSignedInUser(t.database.db, 'limit-a');
    const b = await createSignedInUser(t.database.db, 'limit-b');
    for (let i = 0; i < 5; i++) expect((await topics({ ...shared, cookie: a.cookie })).statusCode).toBe(200);
    expect((await topics({ ...shared, cookie: a.cookie })).statusCode).toBe(429);
    expect((await topics({ ...shared, cookie: b.cookie })).statusCode).toBe(200);
  });

  it('count a cookie that names no live session against the address', async () => {
    const ip = { 'x-test-ip': '10.0.0.7' };
    for (let i = 0; i < 5; i++) expect((await topics(ip)).statusCode).toBe(200);
    // A made-up cookie per request must not buy a fresh budget.
    for (let i = 0; i < 3; i++) {
      expect((await topics({ ...ip, cookie: `openlfg_session=made-up-${i}` })).statusCode).toBe(429);
    }
  });

  it('count an ended session against the address', async () => {
    const ip = { 'x-test-ip': '10.0.0.8' };
    const user = await createSignedInUser(t.database.db, 'limit-ended');
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/logout',
      headers: { ...jsonHeaders, cookie: user.cookie },
      payload: {},
      remoteAddress: '10.0.0.9',
    });
    expect(logout.statusCode).toBe(204);
    for (let i = 0; i < 5; i++) expect((await topics(ip)).statusCode).toBe(200);
    expect((await topics({ ...ip, cookie: user.cookie })).statusCode).toBe(429);
  });

  it('count a route however its path is spelled', async () => {
    for (let i = 0; i < 5; i++) expect((await topics({ 'x-test-ip': '10.0.0.10' })).statusCode).toBe(200);
    const encoded = await t.app.inject({
      method: 'GET',
      url: '/%61pi/projects/topics',
      remoteAddress: '10.0.0.10',
    });
    expect(encoded.statusCode).toBe(429);
  });

  it('count the addresses of one IPv6 /64 network as one client', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await topics({ 'x-test-ip': '2001:db8:0:1::1' })).statusCode).toBe(200);
    }
    expect((await topics({ 'x-test-ip': '2001:db8:0:1::2' })).statusCode).toBe(429);
    expect((await topics({ 'x-test-ip': '2001:db8:0:2::1' })).statusCode).toBe(200);
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

  it('limit sign-in per IPv6 /64 network', async () => {
    const authorize = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/account/authorize', remoteAddress });
    expect((await authorize('2001:db8:0:3::1')).statusCode).toBe(302);
    expect((await authorize('2001:db8:0:3::2')).statusCode).toBe(302);
    expect((await authorize('2001:db8:0:3::3')).statusCode).toBe(429);
  });
});

describe('session lookups for the per-client limit', () => {
  /** The limits alone, with a session probe that counts its lookups; only the cookie `live` is live. */
  async function limitedApp() {
    const app = Fastify();
    await app.register(cookie);
    const lookups: string[] = [];
    await registerRateLimits(app, {
      perMinute: 3,
      redisUrl: undefined,
      sessions: {
        hasCookie: (request) => request.cookies.sid !== undefined,
        async liveSession(request) {
          const id = request.cookies.sid ?? '';
          lookups.push(id);
          return id === 'live' ? 'live-hash' : null;
        },
      },
    });
    app.get('/api/ping', async () => 'pong');
    await app.ready();
    const ping = (remoteAddress: string, sid?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/ping',
        remoteAddress,
        headers: sid ? { cookie: `sid=${sid}` } : {},
      });
    return { app, lookups, ping };
  }

  it('stop for made-up cookies once an address has sent its budget of them', async () => {
    const { app, lookups, ping } = await limitedApp();
    try {
      for (let i = 0; i < 20; i++) await ping('10.3.0.1', `made-up-${i}`);
      expect(lookups).toHaveLength(3);
      // Another address is looked up as before, and its live session has a budget of its own.
      for (let i = 0; i < 3; i++) expect((await ping('10.3.0.2', 'live')).statusCode).toBe(200);
      expect((await ping('10.3.0.2', 'live')).statusCode).toBe(429);
      expect((await ping('10.3.0.2')).statusCode).toBe(200);
      expect(lookups.filter((id) => id === 'live')).toHaveLength(4);
    } finally {
      await app.close();
    }
  });

  it('never look up a request without a cookie', async () => {
    const { app, lookups, ping } = await limitedApp();
    try {
      for (let i = 0; i < 5; i++) await ping('10.3.0.3');
      expect(lookups).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('a Redis that cannot be reached', () => {
  it('neither stops the app from starting nor fails requests: they go through unlimited', async () => {
    const app = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
    });
    try {
      for (let i = 0; i < 4; i++)
        expect((await topics({ 'x-test-ip': '10.4.0.1' }, app.app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  // Each run counts under its own keys, so parallel runs (and the PGlite and PostgreSQL projects) never meet.
  const keyPrefix = () => `openlfg-test:${randomUUID()}:`;
  const url = redisUrl ?? '';

  it('hold one limit across two nodes, per address and per session', async () => {
    const redisKeyPrefix = keyPrefix();
    const env = { RATE_LIMIT_PER_MINUTE: '5', REDIS_URL: url };
    const a = await createTestApp({ env, redisKeyPrefix });
    const b = await createTestApp({ env, redisKeyPrefix, database: a.database });
    try {
      const ip = { 'x-test-ip': '10.5.0.1' };
      for (let i = 0; i < 5; i++) expect((await topics(ip, i % 2 ? a.app : b.app)).statusCode).toBe(200);
      expect((await topics(ip, a.app)).statusCode).toBe(429);
      expect((await topics(ip, b.app)).statusCode).toBe(429);
      expect((await topics({ ...ip, cookie: 'openlfg_session=made-up' }, b.app)).statusCode).toBe(429);
      expect((await topics({ 'x-test-ip': '10.5.0.2' }, b.app)).statusCode).toBe(200);

      const user = await createSignedInUser(a.database.db, 'redis-limit');
      const signedIn = { ...ip, cookie: user.cookie };
      for (let i = 0; i < 5; i++) {
        expect((await topics(signedIn, i % 2 ? a.app : b.app)).statusCode).toBe(200);
      }
      expect((await topics(signedIn, a.app)).statusCode).toBe(429);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('let requests through, not fail them, when Redis stops answering', async () => {
    const proxy = await startTcpProxy(url);
    const node = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: proxy.url },
      redisKeyPrefix: keyPrefix(),
    });
    try {
      const ip = { 'x-test-ip': '10.5.0.3' };
      expect((await topics(ip, node.app)).statusCode).toBe(200);
      expect((await topics(ip, node.app)).statusCode).toBe(200);
      expect((await topics(ip, node.app)).statusCode).toBe(429);
      proxy.pause();
      // Each wait on Redis is bounded: the request goes on without the limit.
      expect((await topics(ip, node.app)).statusCode).toBe(200);
      const user = await createSignedInUser(node.database.db, 'redis-hung');
      expect((await topics({ ...ip, cookie: user.cookie }, node.app)).statusCode).toBe(200);
    } finally {
      await node.close();
      await proxy.close();
    }
  });

  it('close the connection to Redis when the app closes', async () => {
    const proxy = await startTcpProxy(url);
    try {
      const node = await createTestApp({
        env: { RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: proxy.url },
        redisKeyPrefix: keyPrefix(),
      });
      expect(proxy.acceptedConnections()).toBeGreaterThan(0);
      await node.close();
      await vi.waitFor(() => expect(proxy.openConnections()).toBe(0), { timeout: 5_000 });
    } finally {
      await proxy.close();
    }
  });
});
