import { PROJECT_PAGE_SIZE, PROJECT_SORT_OPTIONS, type Project } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCatalogEntries } from '../src/catalog/write.js';
import { bareEntry, type CatalogEntry } from '../src/catalog/sources/index.js';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
const COUNT = 47;

function entry(i: number): CatalogEntry {
  return {
    ...bareEntry(`org${i}/proj-${i}`, 'test'),
    name: `Project ${String.fromCharCode(65 + (i % 26))}${i}`,
    description: `Project number ${i}`,
    topics: [i % 2 === 0 ? 'even' : 'odd', ...(i % 3 === 0 ? ['three'] : []), 'all'],
    language: ['TypeScript', 'Rust', 'Go'][i % 3] ?? null,
    stars: i * 3,
    license: 'MIT',
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await writeCatalogEntries(
    t.database.db,
    Array.from({ length: COUNT }, (_, i) => entry(i + 1)),
  );
  // Figures with ties (to exercise the id tie-break) and unknowns (to exercise nulls last).
  await sql`update projects set
      contributors = case when id % 7 = 0 then null else (id / 4) * 10 end,
      used_by = case when id % 5 = 0 then null else (id % 6) * 100 end,
      beginner_issues = case when id % 9 = 0 then null else id % 4 end,
      new_since = now() - make_interval(days => id::int)`.execute(t.database.db);
});
afterAll(() => t.close());

function list(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/projects', headers: jsonHeaders, payload: body });
}

async function allPages(
  sortField: string,
  order: string,
  extra: Record<string, unknown> = {},
): Promise<Project[]> {
  const first = (await list({ sortField, order, page: 1, ...extra })).json();
  const rows: Project[] = [...first.data];
  for (let page = 2; page <= first.totalPages; page++) {
    rows.push(...(await list({ sortField, order, page, ...extra })).json().data);
  }
  return rows;
}

/** The order the list must have, computed independently of the SQL: nulls last, then the id. */
function expectedOrder(rows: Project[], sortField: string, order: string): number[] {
  const value = (p: Project) =>
    (
      ({
        contributors: p.contributors,
        name: p.name.toLowerCase(),
        used_by: p.usedBy,
        saves: p.saves,
        beginner_issues: p.beginnerIssues,
      }) as Record<string, string | number | null>
    )[sortField] ?? null;
  return [...rows]
    .sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (va === null && vb === null) return a.projectId - b.projectId;
      if (va === null) return 1;
      if (vb === null) return -1;
      const cmp = va < vb ? -1 : va > vb ? 1 : 0;
      return (order === 'ASC' ? cmp : -cmp) || a.projectId - b.projectId;
    })
    .map((p) => p.projectId);
}

describe('POST /api/projects', () => {
  it('answers the first page of 20, with the page count and the page served', async () => {
    const res = await list({
      sortField: 'contributors',
      order: 'DESC',
      page: 1,
      filters: { topics: [], languages: [] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(PROJECT_PAGE_SIZE);
    expect(body).toMatchObject({ totalPages: 3, pageLocation: 1, total: COUNT });
    expect(body.data[0]).toMatchObject({
      repoExt: expect.stringMatching(/^org\d+\/proj-\d+$/),
      projectUrl: expect.stringMatching(/^https:\/\/github\.com\/org\d+\/proj-\d+$/),
      forks: null,
      license: 'MIT',
      isDemo: false,
      archived: false,
    });
  });

  it.each(PROJECT_SORT_OPTIONS.map((o) => [o.label, o.sortField, o.order] as const))(
    '%s: every project exactly once across the pages, nulls last, ties by id',
    async (_label, sortField, order) => {
      const rows = await allPages(sortField, order);
      expect(rows).toHaveLength(COUNT);
      expect(new Set(rows.map((r) => r.projectId)).size).toBe(COUNT);
      expect(rows.map((r) => r.projectId)).toEqual(expectedOrder(rows, sortField, order));
    },
  );

  it('sorts by beginner issues most first only, whatever order is asked', async () => {
    const asked = await allPages('beginner_issues', 'ASC');
    expect(asked.map((r) => r.projectId)).toEqual(expectedOrder(asked, 'beginner_issues', 'DESC'));
  });

  it('serves the last page for a page past the end', async () => {
    const res = await list({ sortField: 'name', order: 'ASC', page: 99 });
    expect(res.json()).toMatchObject({ totalPages: 3, pageLocation: 3 });
    expect(res.json().data).toHaveLength(COUNT - 2 * PROJECT_PAGE_SIZE);
  });

  it('filters by topics (every chosen one) and by languages (any chosen one)', async () => {
    const both = await allPages('name', 'ASC', { filters: { topics: ['even', 'three'], languages: [] } });
    expect(both.length).toBe(7); // multiples of 6 up to 47
    expect(both.every((p) => p.topics.includes('even') && p.topics.includes('three'))).toBe(true);

    const languages = await allPages('name', 'ASC', { filters: { topics: [], languages: ['Rust', 'Go'] } });
    expect(new Set(languages.map((p) => p.language))).toEqual(new Set(['Rust', 'Go']));
    expect(languages.length).toBe(COUNT - Math.floor(COUNT / 3));
  });

  it('limits to projects new to the catalogue in the last 30 days with showNew', async () => {
    const res = await list({ sortField: 'name', order: 'ASC', page: 1, showNew: true });
    expect(res.json().total).toBe(29); // added 1..29 days ago
  });

  it('answers an empty first page when nothing matches', async () => {
    const res = await list({
      sortField: 'name',
      order: 'ASC',
      page: 3,
      filters: { topics: ['no-such-topic'] },
    });
    expect(res.json()).toEqual({
      data: [],
      totalPages: 1,
      pageLocation: 1,
      total: 0,
      known: { contributors: 0, usedBy: 0 },
      sortFallback: false,
      lastCatalogueSyncAt: null,
      searchedFor: null,
    });
  });

  it.each([
    [{ sortField: 'stars', order: 'DESC', page: 1 }, 'body.sortField'],
    [{ sortField: 'name', order: 'asc', page: 1 }, 'body.order'],
    [{ sortField: 'name', order: 'ASC', page: 0 }, 'body.page must be >= 1'],
    [{ sortField: 'name', order: 'ASC', page: 1.5 }, 'body.page must be integer'],
    [{ sortField: 'name', order: 'ASC' }, 'body.page is required'],
    [
      {
        sortField: 'name',
        order: 'ASC',
        page: 1,
        filters: { topics: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      },
      'body.filters.topics must NOT have more than 10 items',
    ],
    [
      { sortField: 'name', order: 'ASC', page: 1, filters: { topics: ['Not A Topic!'] } },
      'body.filters.topics.0 must match pattern',
    ],
    [
      { sortField: 'name', order: 'ASC', page: 1, filters: { stars: 5 } },
      'body.filters has an unknown field "stars"',
    ],
  ])('refuses %o with a 400 naming the field', async (body, message) => {
    const res = await list(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toContain(message);
  });
});

describe('topics and languages', () => {
  it('lists the topics in use, most used first, with counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/topics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual([
      { topic: 'all', count: 47 },
      { topic: 'odd', count: 24 },
      { topic: 'even', count: 23 },
      { topic: 'three', count: 15 },
    ]);
  });

  it('lists the languages in use with counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/languages' });
    expect(res.json()).toEqual({
      languages: [
        { language: 'Rust', count: 16, derived: 0 },
        { language: 'Go', count: 16, derived: 0 },
        { language: 'TypeScript', count: 15, derived: 0 },
      ].sort((a, b) => b.count - a.count || a.language.localeCompare(b.language)),
      known: COUNT,
      total: COUNT,
    });
  });
});

describe('saving projects', () => {
  const save = (method: 'POST' | 'DELETE', cookie: string, projectId: number) =>
    t.app.inject({
      method,
      url: '/api/projects/save',
      headers: { ...jsonHeaders, cookie },
      payload: { projectId },
    });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects/save',
      headers: jsonHeaders,
      payload: { projectId: 1 },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/saved' })).statusCode).toBe(401);
  });

  it('is idempotent both ways and keeps the count exact', async () => {
    const user = await createSignedInUser(t.database.db, 'saver');
    expect((await save('POST', user.cookie, 3)).json()).toEqual({ projectId: 3, saved: true, saves: 1 });
    expect((await save('POST', user.cookie, 3)).json()).toEqual({ projectId: 3, saved: true, saves: 1 });
    const saved = await t.app.inject({
      method: 'GET',
      url: '/api/projects/saved',
      headers: { cookie: user.cookie },
    });
    expect(saved.json().data.map((p: Project) => p.projectId)).toEqual([3]);
    expect((await save('DELETE', user.cookie, 3)).json()).toEqual({ projectId: 3, saved: false, saves: 0 });
    expect((await save('DELETE', user.cookie, 3)).json()).toEqual({ projectId: 3, saved: false, saves: 0 });
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/projects/saved', headers: { cookie: user.cookie } })
      ).json(),
    ).toEqual({ data: [] });
  });

  it('answers 404 for a project that does not exist', async () => {
    const user = await createSignedInUser(t.database.db, 'lost');
    const res = await save('POST', user.cookie, 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('There is no project 999999.');
  });

  it('counts exactly 100 when 100 users save at the same moment, and the list shows it', async () => {
    const users = await Promise.all(
      Array.from({ length: 100 }, (_, i) => createSignedInUser(t.database.db, `crowd-${i}`)),
    );
    // Prime the list cache first: a save must invalidate it.
    await list({ sortField: 'saves', order: 'DESC', page: 1 });
    const answers = await Promise.all(users.map((u) => save('POST', u.cookie, 10)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const row = await t.database.db
      .selectFrom('projects')
      .select('saves')
      .where('id', '=', 10)
      .executeTakeFirstOrThrow();
    expect(row.saves).toBe(100);
    const top = (await list({ sortField: 'saves', order: 'DESC', page: 1 })).json().data[0];
    expect(top).toMatchObject({ projectId: 10, saves: 100 });
  });
});

describe('requesting a project', () => {
  const request = (cookie: string, projectUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/projects/request',
      headers: { ...jsonHeaders, cookie },
      payload: { projectUrl },
    });

  it.each([
    ['https://github.com/Foo-Org/bar.js', 'Foo-Org/bar.js'],
    ['https://www.github.com/foo-org2/Bar/', 'foo-org2/Bar'],
    ['http://github.com/foo3/bar.git', 'foo3/bar'],
    ['github.com/foo4/bar/issues?q=is%3Aopen', 'foo4/bar'],
    ['  foo5/bar  ', 'foo5/bar'],
    ['git@github.com:foo6/bar.git', 'foo6/bar'],
  ])('accepts %s as %s', async (url, repoExt) => {
    const user = await createSignedInUser(t.database.db, `asker-${repoExt.replace(/\W/g, '')}`);
    const res = await request(user.cookie, url);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ repoExt, status: 'pending', requesters: 1, created: true });
  });

  it.each([
    'https://gitlab.com/foo/bar',
    'https://github.com/foo',
    'not a url',
    'https://github.com/orgs/foo/repositories',
  ])('refuses %s with a clear message', async (url) => {
    const user = await createSignedInUser(t.database.db, `bad-${url.length}`);
    const res = await request(user.cookie, url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'That is not a GitHub repository URL. Use the address of the repository, such as https://github.com/owner/name.',
    );
  });

  it('answers 409 for a project already listed, whatever the case', async () => {
    const user = await createSignedInUser(t.database.db, 'listed');
    const res = await request(user.cookie, 'https://github.com/ORG1/PROJ-1');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: 'org1/proj-1 is already listed.' });
  });

  it('counts one request with several requesters, and a repeat by the same user once', async () => {
    const first = await createSignedInUser(t.database.db, 'first-asker');
    const second = await createSignedInUser(t.database.db, 'second-asker');
    expect((await request(first.cookie, 'github.com/popular/repo')).json()).toMatchObject({
      requesters: 1,
      created: true,
    });
    const again = await request(first.cookie, 'https://github.com/popular/repo');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ requesters: 1, created: false });
    expect((await request(second.cookie, 'https://github.com/Popular/Repo')).json()).toMatchObject({
      repoExt: 'popular/repo',
      requesters: 2,
      created: true,
    });
    const rows = await t.database.db
      .selectFrom('project_requests')
      .select('repo_ext')
      .where(sql<boolean>`lower(repo_ext) = 'popular/repo'`)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects/request',
      headers: jsonHeaders,
      payload: { projectUrl: 'a/b' },
    });
    expect(res.statusCode).toBe(401);
  });
});
