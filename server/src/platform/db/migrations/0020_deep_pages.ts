import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Deep pages of one topic, of the name sort, and of the new projects, without reading the table.
 *
 * A topic's list was read from its GIN bitmap: every matching row from the table, sorted, however deep the page
 * (3.5 ms for a topic of 2,000 projects in 100,000). Now each topic is a facet of the sort buckets
 * (`list_sort_buckets`, migration 0012: `facet = 'topic=react'`), and the sort indexes carry the topics, so a
 * page deep in a topic starts at its bucket and walks only within it, testing the topic on the index entry.
 *
 * The name sort was a walk over half its index for a middle page (50,000 entries, 5 ms). Names are now cut into
 * buckets too: `project_name_bounds` holds every few hundredth name of the catalogue in order (distinct), a
 * project's `name_bucket` is the number of the last bound at or before its name (set by a trigger), so buckets
 * follow names and the name indexes lead with them. New names fall into the bucket their place says; when one
 * bucket has grown past twice the size (`project_name_buckets_rebalance`, after a catalogue import), the bounds
 * are drawn again.
 *
 * The new projects (a few, dated `new_since`) are read from an index that carries what their sorts and
 * filters read, so a page of them is a short index-only read and a sort of those few.
 */
/** Rows per name bucket when the bounds are drawn. */
const NAME_BUCKET_ROWS = 256;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table project_name_bounds (bucket integer primary key, bound text not null unique)`.execute(
    db,
  );
  await sql`alter table projects add column name_bucket integer not null default 0`.execute(db);
  // The bucket of a name: the last bound at or before it (0 before the first). Bounds are distinct, so equal
  // names share a bucket and buckets follow names.
  await sql`
    create function project_name_bucket(name text) returns integer stable parallel safe language sql as $$
      select coalesce((select bucket from project_name_bounds where bound <= lower(name)
                       order by bound desc limit 1), 0)
    $$`.execute(db);
  await sql`
    create function projects_name_bucket_set() returns trigger language plpgsql as $$
    begin
      new.name_bucket := project_name_bucket(new.name);
      return new;
    end $$`.execute(db);
  await sql`create trigger projects_name_bucket before insert or update of name on projects
            for each row execute function projects_name_bucket_set()`.execute(db);
  // Bounds drawn again: every `size`th name in list order, then every project's bucket (the update moves the
  // bucket counts through the counting triggers).
  await sql`
    create function project_name_buckets_rebuild(size integer) returns void language sql as $$
      delete from project_name_bounds;
      insert into project_name_bounds (bucket, bound)
      select row_number() over (order by bound), bound
      from (select distinct lower(name) as bound
            from (select name, id, row_number() over (order by lower(name), id) as place from projects) ranked
            where place > 1 and place % size = 1) drawn;
      update projects set name_bucket = project_name_bucket(name)
      where name_bucket <> project_name_bucket(name);
    $$`.execute(db);
  await sql`
    create function project_name_buckets_rebalance(size integer) returns boolean language plpgsql as $$
    begin
      if coalesce((select max(n) from list_sort_buckets where list = 'projects.name' and facet = ''), 0)
         > 2 * size then
        perform project_name_buckets_rebuild(size);
        return true;
      end if;
      return false;
    end $$`.execute(db);
  await defineProjectCounting(db, true);
  await defineGroupCounting(db, true);
  await recount(db);
  await recreateSortIndexes(db, true);
  await sql`select project_name_buckets_rebuild(${sql.lit(NAME_BUCKET_ROWS)})`.execute(db);
  await sql`drop index projects_new_since_idx`.execute(db);
  await sql`create index projects_new_since_idx on projects (new_since)
            include (id, contributors, used_by, saves, beginner_issues, name, language, topics)
            where new_since is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_new_since_idx`.execute(db);
  await sql`create index projects_new_since_idx on projects (new_since) where new_since is not null`.execute(
    db,
  );
  await recreateSortIndexes(db, false);
  await defineProjectCounting(db, false);
  await defineGroupCounting(db, false);
  await recount(db);
  await sql`drop function project_name_buckets_rebalance(integer)`.execute(db);
  await sql`drop function project_name_buckets_rebuild(integer)`.execute(db);
  await sql`drop trigger projects_name_bucket on projects`.execute(db);
  await sql`drop function projects_name_bucket_set()`.execute(db);
  await sql`alter table projects drop column name_bucket`.execute(db);
  await sql`drop function project_name_bucket(text)`.execute(db);
  await sql`drop table project_name_bounds`.execute(db);
}

/** Every count again, from the rows: the facets a definition counts changed. */
async function recount(db: Kysely<unknown>): Promise<void> {
  await sql`delete from project_list_counts`.execute(db);
  await sql`delete from group_list_counts`.execute(db);
  await sql`delete from list_sort_buckets`.execute(db);
  await sql`select project_list_counts_shift(array(select p from projects p), '{}')`.execute(db);
  await sql`select group_list_counts_shift(array(select g from group_projects g), '{}')`.execute(db);
}

/** The facets a row's sort buckets are counted under; with `topics`, one per topic too. */
function facets(row: string, fixed: string, topics: boolean): RawBuilder<unknown> {
  const perTopic = topics ? ` union select 'topic=' || unnest(${row}.topics)` : '';
  return sql.raw(`cross join lateral (select ''::text as facet ${fixed}${perTopic}) f`);
}

/**
 * Migration 0012's `project_list_counts_shift`, with (`deep`) the sort buckets counted per topic too, and the
 * name sort's buckets.
 */
async function defineProjectCounting(db: Kysely<unknown>, deep: boolean): Promise<void> {
  const nameBucket = deep ? `, ('projects.name', r.name_bucket)` : '';
  const columns = (row: string) =>
    `${row}.language, ${row}.topics, ${row}.contributors, ${row}.used_by, ${row}.saves${deep ? `, ${row}.name_bucket` : ''}`;
  await sql`
    create or replace function project_list_counts_shift(added projects[], removed projects[]) returns void
    language sql as $$
      insert into project_list_counts as c (topic, language, projects, with_contributors, with_used_by)
      select k.topic, coalesce(r.language, ''), sum(r.sign),
             sum(r.sign * (r.contributors is not null)::int), sum(r.sign * (r.used_by is not null)::int)
      from (
        select 1 as sign, a.language, a.topics, a.contributors, a.used_by from unnest(added) a
        union all
        select -1, d.language, d.topics, d.contributors, d.used_by from unnest(removed) d
      ) r
      cross join lateral (select '' as topic union select unnest(r.topics)) k
      group by 1, 2
      having sum(r.sign) <> 0 or sum(r.sign * (r.contributors is not null)::int) <> 0
          or sum(r.sign * (r.used_by is not null)::int) <> 0
      order by 1, 2
      on conflict (topic, language) do update
        set projects = c.projects + excluded.projects,
            with_contributors = c.with_contributors + excluded.with_contributors,
            with_used_by = c.with_used_by + excluded.with_used_by;
      insert into list_sort_buckets as b (list, facet, bucket, n)
      select s.list, f.facet, s.bucket, sum(r.sign)
      from (
        select 1 as sign, ${sql.raw(columns('a'))} from unnest(added) a
        union all
        select -1, ${sql.raw(columns('d'))} from unnest(removed) d
      ) r
      cross join lateral (values ('projects.contributors', list_sort_bucket(r.contributors)),
                                 ('projects.used_by', list_sort_bucket(r.used_by)),
                                 ('projects.saves', list_sort_bucket(r.saves))${sql.raw(nameBucket)}) s (list, bucket)
      ${facets('r', `union select 'language=' || coalesce(r.language, '')`, deep)}
      group by 1, 2, 3
      having sum(r.sign) <> 0
      order by 1, 2, 3
      on conflict (list, facet, bucket) do update set n = b.n + excluded.n
    $$`.execute(db);
}

/** Migration 0016's `group_list_counts_shift`, the sort buckets counted per topic too (`topics`). */
async function defineGroupCounting(db: Kysely<unknown>, topics: boolean): Promise<void> {
  await sql`
    create or replace function group_list_counts_shift(added group_projects[], removed group_projects[])
    returns void language sql as $$
      insert into group_list_counts as c (topic, skill_level, visibility, status, groups)
      select k.topic, r.skill_level, r.visibility, r.status, sum(r.sign)
      from (
        select 1 as sign, a.skill_level, a.visibility, a.topics,
               group_list_status(a.status, a.member_count, a.max_members) as status
        from unnest(added) a where a.hidden_at is null
        union all
        select -1, d.skill_level, d.visibility, d.topics,
               group_list_status(d.status, d.member_count, d.max_members) as status
        from unnest(removed) d where d.hidden_at is null
      ) r
      cross join lateral (select '' as topic union select unnest(r.topics)) k
      group by 1, 2, 3, 4
      having sum(r.sign) <> 0
      order by 1, 2, 3, 4
      on conflict (topic, skill_level, visibility, status) do update set groups = c.groups + excluded.groups;
      insert into list_sort_buckets as b (list, facet, bucket, n)
      select s.list, f.facet, s.bucket, sum(r.sign)
      from (
        select 1 as sign, a.skill_level, a.visibility, a.topics, a.date_posted, a.saves from unnest(added) a
        where a.hidden_at is null and a.status = 'open'
        union all
        select -1, d.skill_level, d.visibility, d.topics, d.date_posted, d.saves from unnest(removed) d
        where d.hidden_at is null and d.status = 'open'
      ) r
      cross join lateral (values ('groups.date_posted', list_sort_day(r.date_posted)::integer),
                                 ('groups.saves', list_sort_bucket(r.saves))) s (list, bucket)
      ${facets('r', `union select 'skill=' || r.skill_level union select 'visibility=' || r.visibility`, topics)}
      group by 1, 2, 3
      having sum(r.sign) <> 0
      order by 1, 2, 3
      on conflict (list, facet, bucket) do update set n = b.n + excluded.n
    $$`.execute(db);
}

/** The sort indexes of migrations 0012 and 0016, carrying the topics and the name's bucket (`deep`) or as they were. */
async function recreateSortIndexes(db: Kysely<unknown>, deep: boolean): Promise<void> {
  const withTopics = deep ? sql`, topics` : sql``;
  // The name's bucket leads, as the numeric sorts' do (negated for the descending order).
  const projectIndexes: [string, RawBuilder<unknown>, RawBuilder<unknown>][] = [
    [
      'projects_name_asc_idx',
      deep ? sql`name_bucket, lower(name) asc nulls last, id` : sql`lower(name) asc nulls last, id`,
      sql`name, language`,
    ],
    [
      'projects_name_desc_idx',
      deep ? sql`(-name_bucket), lower(name) desc nulls last, id` : sql`lower(name) desc nulls last, id`,
      sql`name, language`,
    ],
  ];
  for (const column of ['contributors', 'used_by', 'saves']) {
    const c = sql.id(column);
    projectIndexes.push(
      [`projects_${column}_asc_idx`, sql`list_sort_bucket(${c}), ${c} asc nulls last, id`, sql`language`],
      [
        `projects_${column}_desc_idx`,
        sql`list_sort_bucket_desc(${c}), ${c} desc nulls last, id`,
        sql`language`,
      ],
    );
  }
  for (const [name, terms, included] of projectIndexes) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on projects (${terms}) include (${included}${withTopics})`.execute(
      db,
    );
  }
  for (const [name, terms] of [
    ['group_projects_date_desc_idx', sql`(-list_sort_day(date_posted)), date_posted desc, id`],
    ['group_projects_date_asc_idx', sql`list_sort_day(date_posted), date_posted asc, id`],
    ['group_projects_saves_desc_idx', sql`list_sort_bucket_desc(saves), saves desc, id`],
    ['group_projects_saves_asc_idx', sql`list_sort_bucket(saves), saves asc, id`],
  ] as const) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on group_projects (${terms})
              include (skill_level, visibility, status${withTopics}) where hidden_at is null`.execute(db);
  }
}
