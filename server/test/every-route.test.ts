import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { ClientFrame, ErrorCode, REALTIME_MAX_FRAME_BYTES, REALTIME_PATH } from '@openlfg/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_JSON_API } from '../src/platform/http/openapi.js';
import { createTestApp, jsonHeaders } from './support/app.js';
import { FakeEcosystems } from './support/fake-ecosystems.js';
import { FakeGitHub } from './support/fake-github.js';
import { postGroup } from './support/groups.js';
import { listenForSockets, openSocket } from './support/realtime.js';
import {
  arbitraryFor,
  encode,
  hasNumbers,
  hostileValue,
  jsonText,
  mutatedFor,
  numberAsTextFor,
  rawDeepJson,
  rawNumber,
  type JsonSchema,
} from './support/schema-arbitrary.js';
import { createSignedInUser } from './support/users.js';

/**
 * No 5xx for anything a client can send: for every route the app declares, fast-check builds bodies, query
 * strings and path parameters from the route's own schema and from hostile families (wrong types, non-finite and
 * huge numbers, control characters, 10k-item arrays, prototype keys, nesting up to ten thousand levels deep,
 * numbers sent as text), sends them anonymously, as a user and as a moderator, and checks each answer: below 500,
 * an error body that follows the contract, and a 400 for a number a body declares but sends as text. The route
 * list comes from the app itself, so a new route is covered the day it is added.
 */
const addFormats = formatsPlugin as unknown as typeof formatsPlugin.default;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 500);

const github = await new FakeGitHub().start();
const ecosystems = await new FakeEcosystems().start();
github.repositories.set('acme/widgets', { stargazerCount: 3, forkCount: 1 });
const t = await createTestApp({
  env: {
    ...github.syncEnv(),
    ...ecosystems.env(),
    ADMIN_LOGINS: 'fuzz-mod',
    // The webhook route then checks signatures (an unsigned request is a 401) rather than answering 404.
    GITHUB_WEBHOOK_SECRET: github.webhookSecret,
  },
  // The frame test sends hundreds of frames at once: the flood limit has its own tests.
  realtime: { flood: { burst: 100_000, perSecond: 100_000 } },
});
const user = await createSignedInUser(t.database.db, 'fuzz-user');
const moderator = await createSignedInUser(t.database.db, 'fuzz-mod');
// Something for the small ids the arbitraries favour to find: groups, a message, a pending request.
for (let i = 0; i < 3; i++) {
  const id = await postGroup(t.app, user.cookie, { visibility: i === 0 ? 'private' : 'public' });
  await t.app.inject({
    method: 'POST',
    url: '/api/messages/add-message',
    headers: { ...jsonHeaders, cookie: user.cookie },
    payload: { groupProjectId: id, clientId: `fuzz-seed-${i}`, text: 'seed' },
  });
}

afterAll(async () => {
  await t.close();
  await github.stop();
  await ecosystems.stop();
});

interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  schema: {
    body?: JsonSchema;
    querystring?: JsonSchema;
    params?: JsonSchema;
    response?: Record<string, JsonSchema>;
  };
}

/** Each route's declared answers, compiled: an answer must match the schema of its status. */
const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);
const answerValidators = new Map<string, ValidateFunction>();
function answerValidator(route: FuzzRoute, status: number): ValidateFunction | undefined {
  const schema = route.schema.response?.[String(status)];
  if (!schema || status === 204) return undefined;
  const key = `${route.method} ${route.url} ${status}`;
  let validate = answerValidators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    answerValidators.set(key, validate);
  }
  return validate;
}

const routes: FuzzRoute[] = t.app.declaredRoutes.flatMap((route: RouteOptions) =>
  [route.method]
    .flat()
    .filter((method) => method !== 'HEAD' && route.url.startsWith('/api/') && route.url !== REALTIME_PATH)
    .map((method) => ({
      method: method as FuzzRoute['method'],
      url: route.url,
      schema: (route.schema ?? {}) as FuzzRoute['schema'],
    })),
);

/** Text for any value, even one whose toString is not a function (`{ toString: 0 }` makes String() throw). */
function text(value: unknown): string {
  try {
    return String(value);
  } catch {
    return JSON.stringify(value) ?? '';
  }
}

function pathFor(url: string, params: Record<string, unknown>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encode(text(params[name] ?? '1')));
}

function queryFor(value: unknown): string {
  if (typeof value !== 'object' || value === null) return `q=${encode(text(value))}`;
  return Object.entries(value)
    .flatMap(([key, item]) =>
      [item].flat().map((one) => {
        const written = typeof one === 'object' && one !== null ? JSON.stringify(one) : text(one);
        return `${encode(key)}=${encode(written)}`;
      }),
    )
    .join('&');
}

const asObject = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** A body to send: its JSON text, and whether it holds a number written as text (which must be refused). */
interface FuzzBody {
  text: string;
  numberAsText: boolean;
}
const sent = (value: unknown): FuzzBody => ({ text: jsonText(value), numberAsText: false });

function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<FuzzBody> {
  // Thousands of levels of nesting, as the whole body or in place of its first field.
  const deep = fc.oneof(
    rawDeepJson(),
    fc.tuple(schema ? arbitraryFor(schema) : fc.constant({}), rawDeepJson()).map(([value, raw]) => {
      const object = asObject(value);
      return { ...object, [Object.keys(object)[0] ?? 'a']: raw };
    }),
  );
  if (!schema) return fc.oneof(fc.constant({}), hostileValue, deep).map(sent);
  return fc.oneof(
    { weight: 4, arbitrary: mutatedFor(schema).map(sent) },
    {
      weight: 1,
      arbitrary: fc.tuple(arbitraryFor(schema), rawNumber).map(([value, raw]) => {
        const object = asObject(value);
        const key = Object.keys(object)[0] ?? 'page';
        return sent({ ...object, [key]: raw });
      }),
    },
    { weight: 1, arbitrary: deep.map(sent) },
    ...(hasNumbers(schema)
      ? [
          {
            weight: 2,
            arbitrary: numberAsTextFor(schema).map(({ value, textified }) => ({
              text: jsonText(value),
              numberAsText: textified,
            })),
          },
        ]
      : []),
  );
}

function requestFor(route: FuzzRoute) {
  const part = (schema: JsonSchema | undefined) =>
    schema ? mutatedFor(schema) : fc.oneof(fc.constant(undefined), hostileValue);
  // Signing out ends the session the other routes use: it is sent anonymously or with a made-up cookie.
  const cookies =
    route.url === '/api/account/logout'
      ? fc.constantFrom(null, 'openlfg_session=made-up')
      : fc.constantFrom(null, user.cookie, moderator.cookie);
  return fc
    .record({
      cookie: cookies,
      params: part(route.schema.params),
      query: route.schema.querystring ? mutatedFor(route.schema.querystring) : fc.constant(undefined),
      body: bodyFor(route.schema.body),
    })
    .map((request) =>
      // A number sent as text is sent by a moderator, who may call every route: its 400 comes before any
      // answer about who is asking (which routes give first, to anyone else).
      request.body.numberAsText ? { ...request, cookie: moderator.cookie } : request,
    );
}

describe('every route answers any input without a 5xx', () => {
  it('covers the routes of every feature', () => {
    const urls = new Set(routes.map((route) => route.url.split('/')[2]));
    expect([...urls]).toEqual(
      expect.arrayContaining(['account', 'projects', 'group-projects', 'messages', 'admin', 'health']),
    );
  });

  it('checks answers against a declared schema on every route that answers a body', () => {
    const undeclared = routes.filter(
      (route) =>
        !NOT_JSON_API.has(route.url) &&
        !Object.keys(route.schema.response ?? {}).some(
          (status) => status.startsWith('2') || status === '302',
        ),
    );
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async ({ cookie, params, query, body }) => {
          const path = pathFor(route.url, asObject(params));
          const url = query === undefined ? path : `${path}?${queryFor(query)}`;
          const headers: Record<string, string> = cookie ? { cookie } : {};
          const res =
            route.method === 'GET'
              ? await t.app.inject({ method: 'GET', url, headers })
              : await t.app.inject({
                  method: route.method,
                  url,
                  headers: { ...jsonHeaders, ...headers },
                  payload: body.text,
                });
          expect(res.statusCode, `${route.method} ${url} ${res.body}`).toBeLessThan(500);
          // The API coerces nothing in a JSON body: a number sent as text is refused, naming a field.
          if (route.method !== 'GET' && body.numberAsText) {
            expect(res.statusCode, `${route.method} ${url} ${body.text} ${res.body}`).toBe(400);
            expect(res.json().error.code).toBe(ErrorCode.validation);
          }
          const validate = res.statusCode < 300 ? answerValidator(route, res.statusCode) : undefined;
          if (validate && !validate(res.json())) {
            expect.fail(
              `${route.method} ${url} answered ${res.statusCode} off its schema: ${ajv.errorsText(validate.errors)}`,
            );
          }
          // Pages for people (the development sign-in page, the API reference) show their errors as pages.
          if (res.statusCode >= 400 && !NOT_JSON_API.has(route.url)) {
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            expect(res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    120_000,
  );

  it('a signed-in-only route tells an anonymous caller to sign in whatever it sends', async () => {
    const signedIn = t.app.declaredRoutes.filter(
      (route) =>
        route.config?.auth === 'user' && [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD'),
    );
    expect(signedIn.length).toBeGreaterThan(10);
    for (const route of signedIn) {
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
        const res = await t.app.inject({
          method: method as 'POST',
          url: pathFor(route.url, {}),
          headers: jsonHeaders,
          payload: {},
        });
        expect(res.statusCode, `${method} ${route.url}`).toBe(401);
      }
    }
  });

  it('the realtime channel answers any frame without taking it for an outage, and stays open', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now());
    const socket = await openSocket(await listenForSockets(t.app), { cookie: user.cookie });
    await socket.next('ready');
    const frame = fc.oneof(
      { weight: 3, arbitrary: mutatedFor(ClientFrame as unknown as JsonSchema) },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
      { weight: 1, arbitrary: fc.constant({ type: 'subscribe', room: 'discussion-board-1', afterId: 1e21 }) },
    );
    const texts = fc
      .sample(frame, { numRuns: RUNS_PER_ROUTE, seed })
      .map((value) => (typeof value === 'string' ? value : jsonText(value)))
      // Frames over the size limit close the socket with 1009 by design (realtime.test.ts).
      .filter((text) => Buffer.byteLength(text) <= REALTIME_MAX_FRAME_BYTES);
    for (const text of texts) socket.send(text);
    // A group of its own: the route fuzzing above may have deleted the seeded ones.
    const room = `discussion-board-${await postGroup(t.app, user.cookie)}`;
    socket.send({ type: 'subscribe', room });
    await socket
      .next('subscribed', (answer) => answer.room === room, 20_000)
      .catch((error: Error) => {
        throw new Error(`${error.message.slice(0, 300)} (FUZZ_SEED=${seed} repeats this run)`);
      });
    const outages = socket.frames.filter((f) => f.type === 'error' && f.code === 'SERVICE_UNAVAILABLE');
    const again = `FUZZ_SEED=${seed} repeats this run`;
    expect(outages, again).toEqual([]);
    expect(socket.socket.readyState, again).toBe(socket.socket.OPEN);
    socket.close();
  }, 60_000);

  it('a path no route declares answers below 500: pages (their preloads), unknown API paths (their limit), sitemaps', async () => {
    // A built web app with its preload list, and the API's rate limit on, as a deployment runs.
    const dist = mkdtempSync(path.join(tmpdir(), 'openlfg-fuzz-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const routes = [
      { path: '/', files: [] },
      { path: '/group-projects/:groupProjectId', files: ['/assets/GroupProjectPage-a1.js'] },
      { path: '/settings/email/*', files: ['/assets/EmailSettingsPage-b2.css'] },
      { path: '/*', files: ['/assets/NotFoundPage-c3.js'] },
    ];
    writeFileSync(path.join(dist, 'page-preloads.json'), JSON.stringify({ routes }));
    const site = await createTestApp({ webDistDir: dist, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    try {
      const segment = fc.oneof(
        fc.constantFrom(
          'api',
          'group-projects',
          'settings',
          'email',
          '%61pi',
          '%',
          '%zz',
          '..',
          '%2F',
          '*',
          ':id',
          // The pages for search engines (sitemap.test.ts): the index, its files, robots.txt.
          'sitemaps',
          'sitemap.xml',
          'projects-1.xml',
          'robots.txt',
        ),
        fc.string({ maxLength: 12 }).map(encodeURIComponent),
        // As typed, less what ends a path or what the test client cannot put in a URL (a backslash).
        fc.string({ maxLength: 12 }).filter((text) => !/[/?#\s\\]/.test(text)),
      );
      const paths = fc.array(segment, { maxLength: 6 }).map((segments) => `/${segments.join('/')}`);
      await fc.assert(
        fc.asyncProperty(paths, fc.constantFrom(null, user.cookie), async (url, cookie) => {
          const res = await site.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
          expect(res.statusCode, `GET ${url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    } finally {
      await site.close();
    }
  });

  it('is still up afterwards', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
