// The group lists: a group's public card, the viewer blocks of a list's cards, paging and filters.
import { GroupListResponse, type GroupProject } from '@openlfg/contracts';
import { sql } from 'kysely';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup, useGroupsWorld } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

const g = useGroupsWorld();

describe("a group's public card", () => {
  it('answers anyone with what lists show, and nothing private, for a private group too', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie, { visibility: 'private', title: 'Card club' });
    await call(g.t.app, 'POST', '/api/group-projects/request', g.alice.cookie, { groupProjectId: id });
    const res = await call(g.t.app, 'GET', `/api/group-projects/${id}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      groupProjectId: id,
      title: 'Card club',
      visibility: 'private',
      memberCount: 1,
    });
    expect(res.body).not.toContain('discord');
    expect(res.body).not.toContain('grp-alice');
    expect((await call(g.t.app, 'GET', '/api/group-projects/999999', null)).statusCode).toBe(404);
    expect((await call(g.t.app, 'GET', '/api/group-projects/not-a-number', null)).statusCode).toBe(400);
    // The fixed routes under the same path still answer as themselves.
    expect((await call(g.t.app, 'GET', '/api/group-projects/saved', g.alice.cookie)).statusCode).toBe(200);
  });
});

describe("the viewer blocks of a list's cards", () => {
  const viewers = (cookie: string | null, groupProjectIds: unknown) =>
    call(g.t.app, 'POST', '/api/group-projects/viewer', cookie, { groupProjectIds });

  it('answers for each group the caller can see, leaving out unknown and hidden ones', async () => {
    const mine = await postGroup(g.t.app, g.owner.cookie);
    const hidden = await postGroup(g.t.app, g.owner.cookie);
    await sql`update group_projects set hidden_at = now() where id = ${hidden}`.execute(g.t.database.db);

    const res = await viewers(g.alice.cookie, [mine, hidden, 999999, mine]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json().data).toEqual([
      { groupProjectId: mine, viewer: expect.objectContaining({ role: 'none' }) },
    ]);
    const owners = (await viewers(g.owner.cookie, [mine, hidden])).json().data;
    expect(owners.map((entry: { groupProjectId: number }) => entry.groupProjectId).sort()).toEqual(
      [mine, hidden].sort(),
    );
  });

  it.each([[[]], [Array.from({ length: 101 }, (_, i) => i + 1)], [[0]], [[2 ** 53]], [[{}]]])(
    'refuses %j with a 400',
    async (ids) => {
      expect((await viewers(null, ids)).statusCode).toBe(400);
    },
  );
});

describe('the group list', () => {
  let listT: TestApp;
  beforeAll(async () => {
    listT = await createTestApp();
    const someone = await createSignedInUser(listT.database.db, 'lister');
    const levels = ['Beginner', 'Intermediate', 'Advanced', 'Any level'] as const;
    for (let i = 1; i <= 45; i++) {
      await postGroup(listT.app, someone.cookie, {
        visibility: i % 3 === 0 ? 'private' : 'public',
        topics: [i % 2 === 0 ? 'even' : 'odd', ...(i % 5 === 0 ? ['five'] : [])],
        title: `List group ${i}`,
      });
      await listT.database.db
        .updateTable('group_projects')
        .set({ skill_level: levels[i % 4] ?? 'Beginner', saves: i % 7 })
        .where('title', '=', `List group ${i}`)
        .execute();
    }
    await sql`update group_projects set date_posted = now() - make_interval(days => (id * 2)::int)`.execute(
      listT.database.db,
    );
  });
  afterAll(() => listT.close());

  const groups = (body: Record<string, unknown>) =>
    call(listT.app, 'POST', '/api/group-projects', null, {
      sortField: 'date_posted',
      order: 'DESC',
      page: 1,
      ...body,
    });

  it('pages newest first, 20 at a time, in the contract shape, past the end serving the last page', async () => {
    const first = (await groups({})).json();
    expect(Value.Check(GroupListResponse, first)).toBe(true);
    expect(first).toMatchObject({ totalPages: 3, pageLocation: 1, total: 45 });
    expect(first.data.map((g: GroupProject) => g.title).slice(0, 2)).toEqual([
      'List group 1',
      'List group 2',
    ]);
    const last = (await groups({ page: 9 })).json();
    expect(last).toMatchObject({ pageLocation: 3 });
    expect(last.data).toHaveLength(5);
  });

  it.each([
    [{ sortField: 'date_posted', order: 'ASC' }, 'List group 45'],
    [{ sortField: 'saves', order: 'DESC' }, 'List group 6'],
  ])('sorts by %o', async (sort, firstTitle) => {
    expect((await groups(sort)).json().data[0].title).toBe(firstTitle);
  });

  it('filters by topics (all), skill levels (any), visibility and date posted together', async () => {
    const res = (
      await groups({
        topics: ['even', 'five'],
        skillLevels: ['Intermediate', 'Advanced'],
        visibility: 'public',
        datePosted: 60,
      })
    ).json();
    // even multiples of 5 posted within 60 days (id * 2 days ago): 10, 20; then skill level and visibility.
    const expected = [10, 20].filter(
      (i) =>
        ['Intermediate', 'Advanced'].includes(
          ['Beginner', 'Intermediate', 'Advanced', 'Any level'][i % 4] ?? '',
        ) && i % 3 !== 0,
    );
    expect(res.data.map((g: GroupProject) => g.title)).toEqual(expected.map((i) => `List group ${i}`));
    const recent = (await groups({ datePosted: 7 })).json();
    expect(recent.total).toBe(3);
  });

  it.each([
    [{ sortField: 'name' }, 'body.sortField'],
    [{ order: 'down' }, 'body.order'],
    [{ page: 0 }, 'body.page must be >= 1'],
    [{ datePosted: 3 }, 'body.datePosted'],
    [{ skillLevels: ['Expert'] }, 'body.skillLevels'],
    [{ visibility: 'hidden' }, 'body.visibility'],
  ])('refuses %o with a 400', async (body, message) => {
    const res = await groups(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });
});
