import { GroupListResponse, type GroupProject } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { walkPages } from './support/paging.js';
import { createSignedInUser } from './support/users.js';

/**
 * Paging over a groups list long enough that pages deep from both ends start at their sort bucket (a day, a
 * save count; a topic's own, and the newest-first list's for a date window): every sort and order, with each
 * filter, gives each listable group exactly once, in order. Some
 * groups are closed, archived or full: the default list (open and full ones) leaves the first two out.
 */
const COUNT = 451;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createSignedInUser(t.database.db, 'paging-owner');
  // Many groups share a day and a save count, so buckets hold several rows and pages cross their edges.
  await sql`
    insert into group_projects (title, description, topics, skill_level, visibility, owner_id, saves, date_posted,
                                hidden_at, status, max_members, member_count)
    select 'Group ' || g, 'd', array['t' || (g % 3), case when g % 5 = 0 then 'few' else 'most' end],
           (array['Beginner', 'Intermediate', 'Advanced', 'Any level'])[1 + g % 4],
           case when g % 5 = 0 then 'private' else 'public' end,
           ${owner.id}, g % 7 * 40, now() - make_interval(hours => (g * 7) % 900),
           case when g % 13 = 0 then now() end,
           case when g % 11 = 0 then 'closed' when g % 17 = 0 then 'archived' else 'open' end,
           case when g % 4 = 1 then 2 end, case when g % 8 = 1 then 2 else 1 end
    from generate_series(1, ${COUNT}) g`.execute(t.database.db);
});
afterAll(() => t.close());

function walk(body: Record<string, unknown>) {
  return walkPages<GroupProject>(t.app, '/api/group-projects', GroupListResponse, body);
}

describe.each([
  ['date_posted', 'DESC'],
  ['date_posted', 'ASC'],
  ['saves', 'DESC'],
  ['saves', 'ASC'],
] as const)('sorted by %s %s', (sortField, order) => {
  it.each([
    ['everything', {}],
    ['one skill level', { skillLevels: ['Beginner'] }],
    ['two skill levels', { skillLevels: ['Beginner', 'Advanced'] }],
    ['private groups', { visibility: 'private' }],
    ['a skill level and a visibility', { skillLevels: ['Advanced'], visibility: 'public' }],
    ['one topic', { topics: ['t1'] }],
    // Long enough to start deep pages at the topic's own buckets.
    ['a large topic', { topics: ['most'] }],
    ['a topic and a skill level', { topics: ['t2'], skillLevels: ['Advanced', 'Beginner'] }],
    ['the last 30 days', { datePosted: 30 }],
    ['the last 30 days, one skill level', { datePosted: 30, skillLevels: ['Beginner'] }],
    ['closed groups', { statuses: ['closed'] }],
    ['full groups', { statuses: ['full'] }],
    [
      'every status, one skill level',
      { statuses: ['open', 'full', 'closed', 'archived'], skillLevels: ['Beginner'] },
    ],
  ])('pages through %s: each listable group once, in order', async (_what, extra) => {
    const { rows, total } = await walk({ sortField, order, ...extra });
    const ids = rows.map((r) => r.groupProjectId);
    expect(new Set(ids).size).toBe(total);
    const statuses = (extra as { statuses?: string[] }).statuses ?? ['open', 'full'];
    const { rows: expected } = await sql<{ id: number }>`
      select id from group_projects
      where hidden_at is null
        and (case when status = 'open' and member_count >= max_members then 'full' else status end)
            = any(${sql.val(statuses)}::text[])
        and topics @> ${sql.val((extra as { topics?: string[] }).topics ?? [])}::text[]
        and (${(extra as { skillLevels?: string[] }).skillLevels ?? null}::text[] is null
             or skill_level = any(${(extra as { skillLevels?: string[] }).skillLevels ?? null}::text[]))
        and (${(extra as { visibility?: string }).visibility ?? null}::text is null
             or visibility = ${(extra as { visibility?: string }).visibility ?? null})
        and (${(extra as { datePosted?: number }).datePosted ?? null}::int is null
             or date_posted >= now() - make_interval(days => ${(extra as { datePosted?: number }).datePosted ?? null}::int))
      order by ${sql.ref(sortField)} ${sql.raw(order)}, id asc`.execute(t.database.db);
    expect(ids).toEqual(expected.map((r) => r.id));
  });
});
