import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { postGroup } from './support/groups.js';
import { addProject } from './support/issues.js';
import { renderedRoot } from './support/rendered-page.js';
import { encode } from './support/schema-arbitrary.js';
import { buildServerRendering } from './support/server-render-build.js';
import { createSignedInUser } from './support/users.js';

/**
 * No 5xx for any address of a page the server renders: every-route.test.ts sends the API's routes and the
 * shell's paths anything, on a stand-in build; here the real server rendering gets fast-check's addresses for
 * each rendered page (Discover, the groups, a group, a project, a person) with hostile path segments and query
 * strings: the list pages' own keys and others, values of every kind (bad percent-encodings, a NUL, a lone
 * surrogate, huge and non-finite numbers, 5,000 characters), anonymously and signed in. Each answers below
 * 500, and a list page always answers its page, rendered (an address its parser cannot use is the default
 * list).
 */
const RUNS = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 500);

let t: TestApp;
let cookie: string;
let groupId: number;

beforeAll(async () => {
  t = await createTestApp({ webDistDir: await buildServerRendering() });
  await addProject(t.database.db, 'Acme/Widgets', { language: 'Go', topics: ['cli', 'go'] });
  const owner = await createSignedInUser(t.database.db, 'page-fuzz');
  cookie = owner.cookie;
  groupId = await postGroup(t.app, cookie, { description: 'We build **tools**:\n\n- one\n- two' });
});
afterAll(() => t.close());

/** Text as it goes into an address: some written raw (broken encodings), the rest encoded. */
const hostileText = fc.oneof(
  fc.constantFrom('', '%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '..', '%2F', '+', 'x'.repeat(5000)),
  fc.constantFrom('0', '-1', '1e309', 'NaN', 'Infinity', '99999999999999999999', '1.5', ' 2'),
  fc.constantFrom('newest', 'stars', 'contributors', 'open', 'full', 'true', 'rust,go', ',,,', 'Go'),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encode),
  fc.integer().map(String),
);

/** The list pages' own keys, and any other. */
const key = fc.oneof(
  fc.constantFrom(
    'q',
    'page',
    'sort',
    'topics',
    'languages',
    'new',
    'status',
    'skills',
    'posted',
    'visibility',
  ),
  fc.string({ maxLength: 8 }).map(encode),
);
const query = fc
  .array(fc.tuple(key, hostileText), { maxLength: 6 })
  .map((pairs) =>
    pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`,
  );

/** A path segment: a good one (the catalogue's project, the group, its owner) or anything. */
const segment = (good: () => string) =>
  fc.oneof(
    fc.constant(null).map(good),
    hostileText.map((text) => text || 'x'),
  );

const pages = fc.oneof(
  fc.constant('/'),
  fc.constant('/group-projects'),
  segment(() => String(groupId)).map((id) => `/group-projects/${id}`),
  fc
    .tuple(
      segment(() => 'Acme'),
      segment(() => 'Widgets'),
    )
    .map(([owner, name]) => `/projects/${owner}/${name}`),
  segment(() => 'page-fuzz').map((login) => `/users/${login}`),
);

describe('every page the server renders answers any address without a 5xx', () => {
  it('renders or refuses each address, never fails, and a list page always answers its page', async () => {
    await fc.assert(
      fc.asyncProperty(pages, query, fc.boolean(), async (page, search, signedIn) => {
        const url = `${page}${search}`;
        const res = await t.app.inject({ method: 'GET', url, headers: signedIn ? { cookie } : {} });
        const said = `GET ${url.slice(0, 300)} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, said).toBeLessThan(500);
        if (page === '/' || page === '/group-projects') {
          // The list itself, rendered: not the app's empty shell, which the server falls back to (with a
          // warning) when rendering throws.
          expect(res.statusCode, said).toBe(200);
          expect(renderedRoot(res.body), said).not.toBe('');
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);

  it('renders the pages themselves at the good addresses, so the addresses above reach the rendering', async () => {
    const pages = {
      '/': 'Widgets',
      '/group-projects': 'page-fuzz',
      [`/group-projects/${groupId}`]: '<strong>tools</strong>',
      '/projects/Acme/Widgets': 'Widgets',
      '/users/page-fuzz': 'page-fuzz',
    };
    for (const [url, shown] of Object.entries(pages)) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(renderedRoot(res.body), url).toContain(shown);
    }
  });
});
