import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
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

describe('numbers sent as text in a JSON body', () => {
  const invites = async () =>
    (await call(t.app, 'GET', `/api/group-projects/invites?groupProjectId=${groupId}`, cookie)).json().data;

  it.each([
    ['"1"', '1', 'body.maxUses must be integer'],
    ['0', 0, 'body.maxUses must be >= 1'],
    ['"0"', '0', 'body.maxUses must be integer'],
    ['-1', -1, 'body.maxUses must be >= 1'],
  ])('an invite with maxUses %s is a 400, and no link is made', async (_name, maxUses, message) => {
    const before = await invites();
    const res = await call(t.app, 'POST', '/api/group-projects/invites', cookie, {
      groupProjectId: groupId,
      maxUses,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message });
    expect(await invites()).toEqual(before);
  });

  it('an invite with maxUses 1 is made, limited to one use', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects/invites', cookie, {
      groupProjectId: groupId,
      maxUses: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ maxUses: 1, usesLeft: 1 });
  });

  it.each([
    ['0', 0, 'body.maxMembers must be >= 2'],
    ['"5"', '5', 'body.maxMembers must be integer'],
  ])('a group with maxMembers %s is a 400', async (_name, maxMembers, message) => {
    const res = await call(
      t.app,
      'POST',
      '/api/group-projects/post-project',
      cookie,
      groupBody({ maxMembers }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message });
  });

  it.each([
    ['/api/group-projects/join', () => ({ groupProjectId: String(groupId) }), 'body.groupProjectId'],
    ['/api/group-projects', () => ({ sortField: 'saves', order: 'DESC', page: '1' }), 'body.page'],
    ['/api/projects/save', () => ({ projectId: '1' }), 'body.projectId'],
  ])('%s with a number as text is a 400 naming the field', async (url, body, field) => {
    const res = await call(t.app, 'POST', url, cookie, body());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message: `${field} must be integer` });
  });

  it('a query string is text, so its numbers are still read from it', async () => {
    const res = await call(t.app, 'GET', '/api/admin/audit?page=1', moderator);
    expect(res.statusCode).toBe(200);
    expect((await invites()).length).toBeGreaterThan(0);
  });
});

describe('JSON bodies nested without end', () => {
  const nested = (open: string, close: string, levels: number, bottom = '1') =>
    `${open.repeat(levels)}${bottom}${close.repeat(levels)}`;
  const TOO_DEEP = {
    code: 'BAD_REQUEST',
    message: 'The request body nests objects and arrays deeper than 32 levels.',
  };
  const bodyRoutes = () =>
    t.app.declaredRoutes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
        .map((method) => ({ method, url: route.url.replace(/:\w+/g, String(groupId)) })),
    );

  it.each([
    ['10,000 objects', nested('{"a":', '}', 10_000)],
    ['10,000 arrays', nested('[', ']', 10_000, '')],
    ['33 levels', nested('{"a":', '}', 33)],
  ])(
    "%s deep are a 400 on every route that takes a body, moderators' ones included",
    async (_name, payload) => {
      const routes = bodyRoutes();
      expect(routes.map((route) => route.url)).toContain('/api/admin/sync');
      for (const { method, url } of routes) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { ...jsonHeaders, cookie: moderator },
          payload,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().error, `${method} ${url}`).toEqual(TOO_DEEP);
      }
      // Nothing a route does ran: the moderator's session is still there.
      expect((await call(t.app, 'GET', '/api/admin/audit', moderator)).statusCode).toBe(200);
    },
  );

  it('brackets inside strings do not count, and 32 levels are read as usual', async () => {
    const description = `[{"${'[{'.repeat(100)}`;
    const res = await call(
      t.app,
      'POST',
      '/api/group-projects/post-project',
      cookie,
      groupBody({ description }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe(description);
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sync',
      headers: { ...jsonHeaders, cookie: moderator },
      payload: nested('{"a":', '}', 32),
    });
    expect(deep.json().error).not.toEqual(TOO_DEEP);
    expect(deep.statusCode).toBeLessThan(500);
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
