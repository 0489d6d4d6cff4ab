import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.js';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.post(
        '/api/test/echo',
        {
          schema: {
            body: Type.Object(
              {
                sortField: Type.Union([Type.Literal('name'), Type.Literal('saves')]),
                page: Type.Integer({ minimum: 1 }),
              },
              { additionalProperties: false },
            ),
          },
        },
        async (request) => request.body,
      );
      app.get('/api/test/boom', async () => {
        throw new Error('connection string postgres://secret@db leaked');
      });
      app.get('/api/test/big', async () => ({
        items: Array.from({ length: 500 }, (_, i) => `item number ${i}`),
      }));
    },
  });
});
afterAll(() => t.close());

describe('error contract', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'There is no API route GET /api/unknown.' },
    });
  });

  it('answers malformed JSON with a 400 that says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: jsonHeaders,
      payload: '{"page": 1,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers an empty JSON body with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: jsonHeaders,
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/body is empty/);
  });

  it('answers an oversized body with a 413 naming the limit', async () => {
    const payload = JSON.stringify({ page: 1, sortField: 'name', pad: 'x'.repeat(BODY_LIMIT_BYTES) });
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: jsonHeaders, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: `The request body is too large (the limit is ${BODY_LIMIT_BYTES} bytes).`,
      },
    });
  });

  it.each([
    [{ page: 1 }, 'body.sortField is required'],
    [{ page: 0, sortField: 'name' }, 'body.page must be >= 1'],
    [{ page: 1.5, sortField: 'name' }, 'body.page must be integer'],
    [{ page: 1, sortField: 'name', extra: true }, 'body has an unknown field "extra"'],
  ])('answers the invalid body %o with a 400 naming the field', async (body, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: jsonHeaders,
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
  });

  it('passes a valid body through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: jsonHeaders,
      payload: { page: 2, sortField: 'saves' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ page: 2, sortField: 'saves' });
  });

  it('hides the details of a server error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(res.body).not.toContain('secret');
  });
});

describe('state-changing requests', () => {
  it.each([
    ['no content type', { origin: 'http://localhost:3000' }],
    [
      'a form content type',
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    ],
    ['text/plain', { 'content-type': 'text/plain' }],
  ])('refuses %s with a 415', async (_label, headers) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: 'page=1' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Requests that change data must send Content-Type: application/json.',
    });
  });

  it('refuses a foreign Origin with a 403 before reading the body', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'Requests from https://evil.example are not allowed; use http://localhost:3000.',
    );
  });

  // The router decodes the path before matching, so /%61pi/... reaches the /api/... routes: the check must too.
  it.each(['/%61pi/test/echo', '/api%2ftest/echo', '/%61pi/no-such-route'])(
    'refuses a foreign Origin however the path is spelled (%s)',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        payload: { page: 1, sortField: 'name' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    },
  );

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['no content type', {}, 415],
  ])(
    'keeps the session when a request with %s tries to log out through an encoded path',
    async (_label, headers, status) => {
      const user = await createSignedInUser(t.database.db, `csrf-logout-${status}`);
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/%61pi/account/logout',
        headers: { ...headers, cookie: user.cookie },
      });
      expect(res.statusCode).toBe(status);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/account/user-info',
        headers: { cookie: user.cookie },
      });
      expect(after.statusCode).toBe(200);
    },
  );

  it('accepts JSON with a charset and no Origin (same-site tools such as curl)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: { page: 1, sortField: 'name' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('response headers', () => {
  it('sends security headers with a Content-Security-Policy that allows only this site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Over plain http there is nothing to pin.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('pins https when the public URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://openlfg.example' } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=15552000');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('compresses large answers for clients that accept it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/test/big' });
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/test/big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    // An answer the size of a list page (10 kB here) is compressed in one piece, not through a compression
    // stream of its own (which drops the length and sends it chunked): see security.ts.
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    expect(gzip.headers['content-length']).toBe(String(gzip.rawPayload.length));
  });
});
