import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { call } from './groups.js';

/*
 * The check behind list-counts.test.ts: the counts that triggers keep (migration 0012) against a recount of the
 * rows, and each list's answered total against `count(*)` with its filters.
 */

/** Rows where the maintained counts and a recount from the rows disagree (none when exact). */
export async function drift(t: TestApp) {
  const db = t.database.db;
  const projects = await sql`
    with kept as (
      select topic, language, projects, with_contributors, with_used_by from project_list_counts
      where projects <> 0 or with_contributors <> 0 or with_used_by <> 0
    ), recount as (
      select k.topic, coalesce(p.language, '') as language, count(*) as projects,
             count(p.contributors) as with_contributors, count(p.used_by) as with_used_by
      from projects p cross join lateral (select '' as topic union select unnest(p.topics)) k
      group by 1, 2
    )
    (select 'kept' as side, * from kept except select 'kept', * from recount)
    union all
    (select 'recount', * from recount except select 'recount', * from kept)`.execute(db);
  const groups = await sql`
    with kept as (
      select topic, skill_level, visibility, status, groups from group_list_counts where groups <> 0
    ), recount as (
      select k.topic, g.skill_level, g.visibility,
             case when g.status = 'open' and g.member_count >= g.max_members then 'full' else g.status end,
             count(*) as groups
      from group_projects g cross join lateral (select '' as topic union select unnest(g.topics)) k
      where g.hidden_at is null
      group by 1, 2, 3, 4
    )
    (select 'kept' as side, * from kept except select 'kept', * from recount)
    union all
    (select 'recount', * from recount except select 'recount', * from kept)`.execute(db);
  const buckets = await sql`
    with kept as (
      select list, facet, bucket, n from list_sort_buckets where n <> 0
    ), recount as (
      select s.list, f.facet, s.bucket, count(*) as n
      from projects p
      cross join lateral (values ('projects.contributors', list_sort_bucket(p.contributors)),
                                 ('projects.used_by', list_sort_bucket(p.used_by)),
                                 ('projects.saves', list_sort_bucket(p.saves)),
                                 ('projects.name', p.name_bucket)) s (list, bucket)
      cross join lateral (select '' as facet union select 'language=' || coalesce(p.language, '')
                          union select 'topic=' || unnest(p.topics)) f
      group by 1, 2, 3
      union all
      select s.list, f.facet, s.bucket, count(*)
      from group_projects g
      cross join lateral (values ('groups.date_posted', list_sort_day(g.date_posted)::integer),
                                 ('groups.saves', list_sort_bucket(g.saves))) s (list, bucket)
      cross join lateral (select '' as facet union select 'skill=' || g.skill_level
                          union select 'visibility=' || g.visibility union select 'topic=' || unnest(g.topics)) f
      where g.hidden_at is null and g.status = 'open'
      group by 1, 2, 3
    )
    (select 'kept' as side, * from kept except select 'kept', * from recount)
    union all
    (select 'recount', * from recount except select 'recount', * from kept)`.execute(db);
  // Each project's name bucket is the one its name's place says (migration 0020).
  const names = await sql`select id from projects where name_bucket <> project_name_bucket(name)`.execute(db);
  return { projects: projects.rows, groups: groups.rows, buckets: buckets.rows, names: names.rows };
}

const projectFilters = [
  {},
  { filters: { topics: ['cli'] } },
  { filters: { languages: ['TypeScript'] } },
  { filters: { languages: ['Rust', 'TypeScript'] } },
  { filters: { topics: ['cli'], languages: ['TypeScript'] } },
  { filters: { topics: ['cli', 'tooling'] } },
  { showNew: true },
];
const groupFilters = [
  {},
  { topics: ['web'] },
  { skillLevels: ['Any level'] },
  { visibility: 'private' },
  { topics: ['web'], skillLevels: ['Any level', 'Beginner'], visibility: 'public' },
  { topics: ['web', 'rust'] },
  { datePosted: 7 },
  { datePosted: 1, topics: ['web'] },
  { datePosted: 30, skillLevels: ['Beginner', 'Advanced'] },
  { datePosted: 60, statuses: ['closed'] },
  { statuses: ['closed'] },
  { statuses: ['full'] },
  { statuses: ['open'], topics: ['web'] },
  { statuses: ['open', 'full', 'closed', 'archived'], visibility: 'public' },
];

/**
 * What each list answers as its total (and a project list as its figure counts), beside `count(*)` of the rows
 * its filters pick.
 */
async function totals(t: TestApp) {
  const db = t.database.db;
  const answered: number[] = [];
  const counted: number[] = [];
  for (const extra of projectFilters) {
    const res = await call(t.app, 'POST', '/api/projects', null, {
      sortField: 'name',
      order: 'ASC',
      page: 1,
      ...extra,
    });
    const answer = res.json();
    answered.push(answer.total, answer.known.contributors, answer.known.usedBy);
    const topics = extra.filters?.topics ?? [];
    const languages = extra.filters?.languages ?? [];
    const { rows } = await sql<{ n: number; contributors: number; used_by: number }>`
      select count(*)::int as n, count(contributors)::int as contributors, count(used_by)::int as used_by
      from projects
      where topics @> ${sql.val(topics)}::text[]
        and (${languages.length === 0} or language = any(${sql.val(languages)}::text[]))
        and (${extra.showNew !== true} or new_since >= now() - interval '30 days')`.execute(db);
    counted.push(rows[0]?.n ?? -1, rows[0]?.contributors ?? -1, rows[0]?.used_by ?? -1);
  }
  for (const extra of groupFilters) {
    const res = await call(t.app, 'POST', '/api/group-projects', null, {
      sortField: 'date_posted',
      order: 'DESC',
      page: 1,
      ...extra,
    });
    answered.push(res.json().total);
    const skills = extra.skillLevels ?? [];
    const statuses = extra.statuses ?? ['open', 'full'];
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from group_projects
      where hidden_at is null
        and (case when status = 'open' and member_count >= max_members then 'full' else status end)
            = any(${sql.val(statuses)}::text[])
        and topics @> ${sql.val(extra.topics ?? [])}::text[]
        and (${skills.length === 0} or skill_level = any(${sql.val(skills)}::text[]))
        and (${extra.visibility ?? null}::text is null or visibility = ${extra.visibility ?? null})
        and (${extra.datePosted ?? null}::int is null
             or date_posted >= now() - make_interval(days => ${extra.datePosted ?? 0}::int))`.execute(db);
    counted.push(rows[0]?.n ?? -1);
  }
  return { answered, counted };
}

/**
 * Every maintained count equals a recount of the rows, and every list's total equals `count(*)` with its
 * filters (the list cache off in `t`, so no stale answer hides a stale count).
 */
export async function expectExact(t: TestApp) {
  expect(await drift(t)).toEqual({ projects: [], groups: [], buckets: [], names: [] });
  const { answered, counted } = await totals(t);
  expect(answered).toEqual(counted);
}
