import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

/**
 * Inputs that once reached PostgreSQL and answered 500: numbers that coercion turned into ±Infinity, and text
 * carrying U+0000. Each is a 400 naming the field, and nothing is stored. The property test over every route
 * (every-route.test.ts) looks for more; these are the cases found by hand, kept readable.
 */
let t: TestApp;
let cookie: string;
let moderator: string;
let groupId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_LOGINS: 'hostile-mod' } });
  cookie = (await createSignedInUser(t.database.db, 'hostile-user')).cookie;
  moderator = (await createSignedInUser(t.database.db, 'hostile-mod')).cookie;
  groupId = await postGroup(t.app, cookie);
});
afterAll(() => t.close());

const NON_FINITE = ['Infinity', '-Infinity', '1e309', '9'.repeat(300)];

describe('numbers that are not finite', () => {
  it.each(NON_FINITE.slice(0, 3))('a path id of %s is a 400 naming the parameter', async (value) => {
    const res = await call(t.app, 'GET', `/api/group-projects/${value}`, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^params\.groupProjectId /);
  });

  it('a path id of 300 digits is refused as too long before it is read', async () => {
    const res = await call(t.app, 'GET', `/api/group-projects/${'9'.repeat(300)}`, null);
    expect(res.statusCode).toBe(414);
    expect(res.json().error).toEqual({ code: 'BAD_REQUEST', message: 'A path parameter is too long.' });
  });

  it.each(NON_FINITE)('a body id of "%.12s" is a 400 naming the field', async (value) => {
    const res = await call(t.app, 'POST', '/api/group-projects/join', cookie, { groupProjectId: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^body\.groupProjectId /),
    });
  });

  it.each(NON_FINITE)('a page of %.12s in a query string is a 400', async (value) => {
    const res = await call(t.app, 'GET', `/api/admin/audit?page=${value}`, moderator);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^querystring\.page /);
  });

  it('a page of "-Infinity" in a list body is a 400', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects', null, {
      sortField: 'saves',
      order: 'DESC',
      page: '-Infinity',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^body\.page /);
  });

  it('numbers in range are still read from text', async () => {
    const res = await call(t.app, 'GET', `/api/group-projects/${groupId}`, null);
    expect(res.statusCode).toBe(200);
  });
});

describe('control characters in text', () => {
  const NUL = '\u0000';

  it.each([
    ['POST', '/api/group-projects/post-project', 'body.title', () => groupBody({ title: `a${NUL}b` })],
    ['POST', '/api/group-projects/post-project', 'body.description', () => groupBody({ description: NUL })],
    ['POST', '/api/group-projects/post-project', 'body.topics.0', () => groupBody({ topics: [`x${NUL}`] })],
    ['POST', '/api/group-projects/post-project', 'body.repository', () => groupBody({ repository: NUL })],
    ['POST', '/api/group-projects/post-project', 'body.discordUrl', () => groupBody({ discordUrl: NUL })],
    ['POST', '/api/group-projects/report', 'body.reason', () => ({ groupProjectId: groupId, reason: NUL })],
    [
      'POST',
      '/api/group-projects/pending-requests',
      'body.requestUsername',
      () => ({ groupProjectId: groupId, requestUsername: `a${NUL}` }),
    ],
    [
      'POST',
      '/api/messages/add-message',
      'body.text',
      () => ({ groupProjectId: groupId, clientId: 'client-id-1', text: `hi${NUL}` }),
    ],
    ['POST', '/api/projects', 'body.filters.languages.0', () => listBody({ languages: [`Go${NUL}`] })],
    ['POST', '/api/projects/request', 'body.projectUrl', () => ({ projectUrl: `a/b${NUL}` })],
  ] as const)('%s %s refuses U+0000 in %s', async (method, url, field, body) => {
    const res = await call(t.app, method, url, cookie, body());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: `${field} must not contain control characters`,
    });
  });

  it('refuses U+0000 in a moderator reason', async () => {
    const res = await call(t.app, 'POST', `/api/admin/reports/${groupId}/hide`, moderator, {
      reason: `spam${NUL}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('body.reason must not contain control characters');
  });

  it.each([
    ['\u0007', 'a bell'],
    ['\u001b[31m', 'an escape sequence'],
    ['\u007f', 'a delete'],
    ['\r', 'a carriage return'],
  ])('refuses %j (%s) as well', async (character) => {
    const res = await call(t.app, 'POST', '/api/group-projects/post-project', cookie, {
      ...groupBody({ title: `x${character}` }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps newlines and tabs, and stores nothing for a refused request', async () => {
    const before = await call(t.app, 'GET', '/api/group-projects/created-projects', cookie);
    await call(t.app, 'POST', '/api/group-projects/post-project', cookie, groupBody({ title: `x${NUL}` }));
    const after = await call(t.app, 'GET', '/api/group-projects/created-projects', cookie);
    expect(after.json().data).toHaveLength(before.json().data.length);

    const ok = await call(
      t.app,
      'POST',
      '/api/group-projects/post-project',
      cookie,
      groupBody({ description: 'Line one\n\tindented line two' }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().description).toBe('Line one\n\tindented line two');
  });
});

function groupBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'A group',
    description: 'We build things.',
    topics: ['web'],
    skillLevel: 'Any level',
    visibility: 'public',
    ...overrides,
  };
}

function listBody(filters: Record<string, unknown>) {
  return { sortField: 'name', order: 'ASC', page: 1, filters: { topics: [], ...filters } };
}
