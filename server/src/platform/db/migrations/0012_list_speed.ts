import { sql, type Kysely } from 'kysely';

/**
 * Uncached list answers at catalogue scale: maintained counts for the lists' common filters, and sort indexes
 * that every page walk reads without touching the table.
 *
 * The counts are kept by statement-level triggers in the writing transaction, so they commit (or roll back)
 * with the rows they count and are exact at every snapshot. A trigger folds its whole statement into one
 * upsert per key, in key order (so concurrent writers lock count rows in the same order), and writes nothing
 * when its statement left every count as it was (a sync rewriting the same figures, a save).
 *
 * Deep pages: the numeric and date sorts are cut into buckets by value (`list_sort_bucket`: each small value
 * its own, larger ones 64 to a doubling; a day for dates), and the same triggers count the rows per bucket
 * (`list_sort_buckets`). Each such sort's index leads with the row's bucket, so a page deep in the list
 * starts at its bucket (found by adding up at most a few hundred counts) and walks only within it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A value's bucket, in ascending order; nulls last in both orders. `_desc` is the bucket's place in a
  // descending list: the same buckets, negated. Index builds run these with only pg_catalog on the search
  // path, so each stands alone.
  await sql`
    create function list_sort_bucket(v bigint) returns integer immutable parallel safe language sql as $$
      select case when v is null then 2147483647 when v < 256 then v::integer
                  else 256 + floor(ln(v::float8 / 256) / ln(2) * 64)::integer end
    $$`.execute(db);
  await sql`
    create function list_sort_bucket_desc(v bigint) returns integer immutable parallel safe language sql as $$
      select case when v is null then 2147483647 when v < 256 then -v::integer
                  else -256 - floor(ln(v::float8 / 256) / ln(2) * 64)::integer end
    $$`.execute(db);
  // A moment's day (since 1970, in UTC): the date sorts' buckets.
  await sql`
    create function list_sort_day(t timestamptz) returns bigint immutable parallel safe language sql as $$
      select floor(extract(epoch from t) / 86400)::bigint
    $$`.execute(db);
  // Rows per sort bucket: list ('projects.contributors', 'groups.date_posted', ...), facet ('' every listed
  // row; 'language=Go', 'skill=Beginner', 'visibility=public'), bucket (ascending).
  await sql`
    create table list_sort_buckets (
      list text not null,
      facet text not null,
      bucket integer not null,
      n bigint not null default 0,
      primary key (list, facet, bucket)
    )`.execute(db);

  // One row per (topic, language): how many projects have that topic ('' = every project) and that language
  // ('' = none), and of those how many have a known contributors and used-by figure.
  await sql`
    create table project_list_counts (
      topic text not null,
      language text not null,
      projects bigint not null default 0,
      with_contributors bigint not null default 0,
      with_used_by bigint not null default 0,
      primary key (topic, language)
    )`.execute(db);
  await sql`
    create function project_list_counts_shift(added projects[], removed projects[]) returns void
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
        select 1 as sign, a.language, a.contributors, a.used_by, a.saves from unnest(added) a
        union all
        select -1, d.language, d.contributors, d.used_by, d.saves from unnest(removed) d
      ) r
      cross join lateral (values ('projects.contributors', list_sort_bucket(r.contributors)),
                                 ('projects.used_by', list_sort_bucket(r.used_by)),
                                 ('projects.saves', list_sort_bucket(r.saves))) s (list, bucket)
      cross join lateral (values (''), ('language=' || coalesce(r.language, ''))) f (facet)
      group by 1, 2, 3
      having sum(r.sign) <> 0
      order by 1, 2, 3
      on conflict (list, facet, bucket) do update set n = b.n + excluded.n
    $$`.execute(db);
  await trackCounts(db, 'projects', 'project_list_counts', 'projects');
  await sql`select project_list_counts_shift(array(select p from projects p), '{}')`.execute(db);

  // The listable groups (not hidden) per (topic, skill level, visibility), topic '' = every group.
  await sql`
    create table group_list_counts (
      topic text not null,
      skill_level text not null,
      visibility text not null,
      groups bigint not null default 0,
      primary key (topic, skill_level, visibility)
    )`.execute(db);
  await sql`
    create function group_list_counts_shift(added group_projects[], removed group_projects[]) returns void
    language sql as $$
      insert into group_list_counts as c (topic, skill_level, visibility, groups)
      select k.topic, r.skill_level, r.visibility, sum(r.sign)
      from (
        select 1 as sign, a.skill_level, a.visibility, a.topics from unnest(added) a where a.hidden_at is null
        union all
        select -1, d.skill_level, d.visibility, d.topics from unnest(removed) d where d.hidden_at is null
      ) r
      cross join lateral (select '' as topic union select unnest(r.topics)) k
      group by 1, 2, 3
      having sum(r.sign) <> 0
      order by 1, 2, 3
      on conflict (topic, skill_level, visibility) do update set groups = c.groups + excluded.groups;
      insert into list_sort_buckets as b (list, facet, bucket, n)
      select s.list, f.facet, s.bucket, sum(r.sign)
      from (
        select 1 as sign, a.skill_level, a.visibility, a.date_posted, a.saves from unnest(added) a
        where a.hidden_at is null
        union all
        select -1, d.skill_level, d.visibility, d.date_posted, d.saves from unnest(removed) d
        where d.hidden_at is null
      ) r
      cross join lateral (values ('groups.date_posted', list_sort_day(r.date_posted)::integer),
                                 ('groups.saves', list_sort_bucket(r.saves))) s (list, bucket)
      cross join lateral (values (''), ('skill=' || r.skill_level), ('visibility=' || r.visibility)) f (facet)
      group by 1, 2, 3
      having sum(r.sign) <> 0
      order by 1, 2, 3
      on conflict (list, facet, bucket) do update set n = b.n + excluded.n
    $$`.execute(db);
  await trackCounts(db, 'group_projects', 'group_list_counts', 'groups');
  await sql`select group_list_counts_shift(array(select g from group_projects g), '{}')`.execute(db);

  // Sort indexes in each list's exact order, read without the table (index-only). The numeric and date sorts
  // lead with the bucket (see above). The name indexes carry the name (the planner reads lower(name) from them
  // only so), and every index carries the columns the filters test.
  for (const name of [
    'projects_name_idx',
    'projects_saves_desc_idx',
    'projects_contributors_desc_idx',
    'projects_contributors_asc_idx',
    'projects_used_by_desc_idx',
    'projects_used_by_asc_idx',
    'group_projects_date_desc_idx',
    'group_projects_date_asc_idx',
    'group_projects_saves_idx',
  ]) {
    await sql`drop index ${sql.id(name)}`.execute(db);
  }
  for (const [name, terms] of [
    ['projects_name_asc_idx', sql`lower(name) asc nulls last, id`],
    ['projects_name_desc_idx', sql`lower(name) desc nulls last, id`],
  ] as const) {
    await sql`create index ${sql.id(name)} on projects (${terms}) include (name, language)`.execute(db);
  }
  for (const column of ['contributors', 'used_by', 'saves']) {
    const c = sql.id(column);
    await sql`create index ${sql.id(`projects_${column}_asc_idx`)}
              on projects (list_sort_bucket(${c}), ${c} asc nulls last, id) include (language)`.execute(db);
    await sql`create index ${sql.id(`projects_${column}_desc_idx`)}
              on projects (list_sort_bucket_desc(${c}), ${c} desc nulls last, id) include (language)`.execute(
      db,
    );
  }
  // The groups' sorts over listable groups only (the filter every list applies).
  for (const [name, terms] of [
    ['group_projects_date_desc_idx', sql`(-list_sort_day(date_posted)), date_posted desc, id`],
    ['group_projects_date_asc_idx', sql`list_sort_day(date_posted), date_posted asc, id`],
    ['group_projects_saves_desc_idx', sql`list_sort_bucket_desc(saves), saves desc, id`],
    ['group_projects_saves_asc_idx', sql`list_sort_bucket(saves), saves asc, id`],
  ] as const) {
    await sql`create index ${sql.id(name)} on group_projects (${terms})
              include (skill_level, visibility) where hidden_at is null`.execute(db);
  }
  // The date window's range (counted exactly, over the index alone): the sort indexes lead with the bucket.
  await sql`create index group_projects_listed_date_idx on group_projects (date_posted) where hidden_at is null`.execute(
    db,
  );
}

/**
 * Keeps `counts` in step with `table`: after each statement, `<counts>_shift(added, removed)` is called with
 * the rows it added and removed (an update removes the old rows and adds the new), and a truncate empties the
 * counts. PostgreSQL takes no column list with transition tables, so every update fires it; an update that
 * moved no count (a save, a join) adds up to nothing and writes nothing.
 */
async function trackCounts(
  db: Kysely<unknown>,
  table: string,
  counts: string,
  bucketList: string,
): Promise<void> {
  const t = sql.id(table);
  const type = sql.raw(table);
  const track = sql.id(`${counts}_track`);
  const shift = sql.raw(`${counts}_shift`);
  await sql`
    create function ${track}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform ${shift}(array(select n::${type} from new_rows n), '{}');
      elsif tg_op = 'UPDATE' then
        perform ${shift}(array(select n::${type} from new_rows n), array(select o::${type} from old_rows o));
      elsif tg_op = 'DELETE' then
        perform ${shift}('{}', array(select o::${type} from old_rows o));
      else
        delete from ${sql.raw(counts)};
        delete from list_sort_buckets where list like ${sql.lit(`${bucketList}.%`)};
      end if;
      return null;
    end $$`.execute(db);
  const on = (event: string, tables: string) =>
    sql`create trigger ${sql.id(`${counts}_${event}`)} after ${sql.raw(event)} on ${t} ${sql.raw(tables)}
        for each statement execute function ${track}()`.execute(db);
  await on('insert', 'referencing new table as new_rows');
  await on('update', 'referencing old table as old_rows new table as new_rows');
  await on('delete', 'referencing old table as old_rows');
  await on('truncate', '');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'group_projects_listed_date_idx',
    'group_projects_date_desc_idx',
    'group_projects_date_asc_idx',
    'group_projects_saves_desc_idx',
    'group_projects_saves_asc_idx',
    'projects_name_asc_idx',
    'projects_name_desc_idx',
    'projects_saves_desc_idx',
    'projects_saves_asc_idx',
    'projects_contributors_desc_idx',
    'projects_contributors_asc_idx',
    'projects_used_by_desc_idx',
    'projects_used_by_asc_idx',
  ]) {
    await sql`drop index ${sql.id(name)}`.execute(db);
  }
  // Migrations 0003 and 0005's indexes, as they were.
  await sql`create index group_projects_date_desc_idx on group_projects (date_posted desc, id)`.execute(db);
  await sql`create index group_projects_date_asc_idx on group_projects (date_posted asc, id)`.execute(db);
  await sql`create index group_projects_saves_idx on group_projects (saves desc, id)`.execute(db);
  await sql`create index projects_contributors_desc_idx on projects (contributors desc nulls last, id)`.execute(
    db,
  );
  await sql`create index projects_contributors_asc_idx on projects (contributors asc nulls last, id)`.execute(
    db,
  );
  await sql`create index projects_name_idx on projects (lower(name), id)`.execute(db);
  await sql`create index projects_used_by_desc_idx on projects (used_by desc nulls last, id)`.execute(db);
  await sql`create index projects_used_by_asc_idx on projects (used_by asc nulls last, id)`.execute(db);
  await sql`create index projects_saves_desc_idx on projects (saves desc, id)`.execute(db);
  await sql`drop function group_list_counts_track() cascade`.execute(db);
  await sql`drop function group_list_counts_shift(group_projects[], group_projects[])`.execute(db);
  await sql`drop table group_list_counts`.execute(db);
  await sql`drop function project_list_counts_track() cascade`.execute(db);
  await sql`drop function project_list_counts_shift(projects[], projects[])`.execute(db);
  await sql`drop table project_list_counts`.execute(db);
  await sql`drop table list_sort_buckets`.execute(db);
  await sql`drop function list_sort_day(timestamptz)`.execute(db);
  await sql`drop function list_sort_bucket_desc(bigint)`.execute(db);
  await sql`drop function list_sort_bucket(bigint)`.execute(db);
}
