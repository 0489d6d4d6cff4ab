import { BEST_MATCH_SORT, type PrefetchedQuery } from '@openlfg/contracts';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupListPageRendering } from '../src/groups/list-page-render.js';
import type { ServerRenderer } from '../src/platform/http/server-render.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { expectCompleteMarkup, renderData, renderedRoot } from './support/rendered-page.js';
import { buildServerRendering } from './support/server-render-build.js';
import { createSignedInUser } from './support/users.js';

/**
 * The Looking for group page as a browser, a crawler or `curl` gets it: the first page of the list the address
 * asks for (its filters, search and page), rendered by the server from the very answer the API gives that
 * request, so the groups show at the first paint; the same for every viewer.
 */
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let t: TestApp;
let owner: User;

const RUST = 'Rust compiler crew';
const WEB = 'Web tools for everyone';
const HIDDEN = 'Hidden from the lists';

const page = (url: string, viewer: User | null = null) => call(t.app, 'GET', url, viewer?.cookie ?? null);

/** The page's embedded answer is the API's own for the request it names, which is `request`. */
async function expectApiAnswer(html: string, request: Record<string, unknown>) {
  const { queries } = renderData(html);
  expect(queries).toHaveLength(1);
  const [{ query, args, status, body }] = queries as [PrefetchedQuery];
  expect(query).toBe('groupList');
  expect(JSON.parse(args[0] ?? '')).toEqual(request);
  const res = await call(t.app, 'POST', '/api/group-projects', null, request);
  expect({ status, body }).toEqual({ status: res.statusCode, body: res.json() });
}

beforeAll(async () => {
  t = await createTestApp({ webDistDir: await buildServerRendering() });
  owner = await createSignedInUser(t.database.db, 'list-owner');
  await postGroup(t.app, owner.cookie, { title: RUST, topics: ['rust'] });
  await postGroup(t.app, owner.cookie, { title: WEB, topics: ['web'] });
  const hiddenId = await postGroup(t.app, owner.cookie, { title: HIDDEN, topics: ['rust'] });
  await t.database.db
    .updateTable('group_projects')
    .set({ hidden_at: new Date(), hidden_reason: 'spam' })
    .where('id', '=', hiddenId)
    .execute();
});
afterAll(() => t.close());

describe('the Looking for group page', () => {
  it('holds the list’s first page, rendered in place and complete, from the API’s own answer', async () => {
    const res = await page('/group-projects');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const markup = renderedRoot(res.body);
    expect(markup).toContain(RUST);
    expect(markup).toContain(WEB);
    expect(markup).toContain('2 groups');
    expect(markup).not.toContain(HIDDEN);
    expectCompleteMarkup(markup);
    await expectApiAnswer(res.body, { sortField: 'date_posted', order: 'DESC', page: 1 });
    expect(res.body).toContain('<title>OpenLFG - Looking for group</title>');
  });

  it('holds the list the address asks for: its filters and search', async () => {
    const res = await page('/group-projects/?topics=rust&q=compiler');
    const markup = renderedRoot(res.body);
    expect(markup).toContain(RUST);
    expect(markup).not.toContain(WEB);
    expect(markup).toContain('1 group');
    await expectApiAnswer(res.body, {
      sortField: BEST_MATCH_SORT.sortField,
      order: BEST_MATCH_SORT.order,
      page: 1,
      q: 'compiler',
      topics: ['rust'],
    });
  });

  it('is the same for every viewer: it does not vary by the session cookie', async () => {
    const anonymous = await page('/group-projects');
    const signedIn = await page('/group-projects', owner);
    expect(renderData(signedIn.body).queries).toEqual(renderData(anonymous.body).queries);
    expect(renderedRoot(signedIn.body)).toBe(renderedRoot(anonymous.body));
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(signedIn.headers.vary ?? '').not.toContain('cookie');
  });
});

describe('groupListPageRendering', () => {
  it('asks nothing for a request the API’s schema refuses: the browser asks the API, which answers it', async () => {
    const asked: unknown[] = [];
    const rendering = groupListPageRendering({
      list: async (request) => {
        asked.push(request);
        return '{}';
      },
      description: '',
      headTags: () => '',
    });
    const renderer = { groupListRequest: () => ({ sortField: 'nonsense', order: 'desc', page: 0 }) };
    const content = await rendering.load(
      /x/.exec('x') as RegExpExecArray,
      { url: '/group-projects?page=0' } as FastifyRequest,
      renderer as unknown as ServerRenderer,
    );
    expect(content.status).toBe(200);
    expect(content.data.queries).toEqual([]);
    expect(asked).toEqual([]);
  });
});
