import { sql, type Kysely } from 'kysely';

/**
 * A group's lifecycle: the status its owner sets (`open`, `closed`: no new members, `archived`: no new members
 * and a read-only board) and the status lists show, where an open group at capacity is `full`
 * (`group_list_status`, derived from the member count so it reopens by itself when a spot frees).
 *
 * Lists hide closed and archived groups unless asked, so the status is a facet of the maintained counts
 * (`group_list_counts`, migration 0012), and the sort buckets that deep pages start from count the default
 * list only (listable and open or full). The sort indexes carry the status, so the default list still walks
 * them alone. Members' last posts are read per group and author for the owner's member list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table group_projects add column status text not null default 'open'
      check (status in ('open', 'closed', 'archived'))`.execute(db);
  // The status lists show and filter by. Index builds run it with only pg_catalog on the search path.
  await sql`
    create function group_list_status(status text, member_count integer, max_members integer) returns text
    immutable parallel safe language sql as $$
      select case when status = 'open' and max_members is not null and member_count >= max_members
                  then 'full' else status end
    $$`.execute(db);

  await sql`delete from group_list_counts`.execute(db);
  await sql`delete from list_sort_buckets where list like 'groups.%'`.execute(db);
  await sql`alter table group_list_counts add column status text not null default 'open'`.execute(db);
  await sql`alter table group_list_counts drop constraint group_list_counts_pkey`.execute(db);
  await sql`alter table group_list_counts add primary key (topic, skill_level, visibility, status)`.execute(
    db,
  );
  await defineCounting(db, true);
  await sql`select group_list_counts_shift(array(select g from group_projects g), '{}')`.execute(db);

  await recreateSortIndexes(db, sql`skill_level, visibility, status`);
  await sql`create index messages_group_author_idx on messages (group_id, author_id, created_at)`.execute(db);
}

/**
 * The statement-level counting of migration 0012 (`group_list_counts_shift`), with the status as a facet of the
 * counts and the sort buckets counting the default list only (`withStatus`), or as 0012 had it.
 */
async function defineCounting(db: Kysely<unknown>, withStatus: boolean): Promise<void> {
  // Plain text spliced into the function's body (a dollar-quoted string takes no parameters).
  const status = (row: string) =>
    withStatus ? `, group_list_status(${row}.status, ${row}.member_count, ${row}.max_members) as status` : '';
  const listed = (row: string) =>
    `${row}.hidden_at is null${withStatus ? ` and ${row}.status = 'open'` : ''}`;
  const keys = `topic, skill_level, visibility${withStatus ? ', status' : ''}`;
  const columns = withStatus ? '1, 2, 3, 4' : '1, 2, 3';
  await sql`
    create or replace function group_list_counts_shift(added group_projects[], removed group_projects[])
    returns void language sql as $$
      insert into group_list_counts as c (${sql.raw(keys)}, groups)
      select k.topic, r.skill_level, r.visibility${sql.raw(withStatus ? ', r.status' : '')}, sum(r.sign)
      from (
        select 1 as sign, a.skill_level, a.visibility, a.topics${sql.raw(status('a'))}
        from unnest(added) a where a.hidden_at is null
        union all
        select -1, d.skill_level, d.visibility, d.topics${sql.raw(status('d'))}
        from unnest(removed) d where d.hidden_at is null
      ) r
      cross join lateral (select '' as topic union select unnest(r.topics)) k
      group by ${sql.raw(columns)}
      having sum(r.sign) <> 0
      order by ${sql.raw(columns)}
      on conflict (${sql.raw(keys)}) do update set groups = c.groups + excluded.groups;
      insert into list_sort_buckets as b (list, facet, bucket, n)
      select s.list, f.facet, s.bucket, sum(r.sign)
      from (
        select 1 as sign, a.skill_level, a.visibility, a.date_posted, a.saves from unnest(added) a
        where ${sql.raw(listed('a'))}
        union all
        select -1, d.skill_level, d.visibility, d.date_posted, d.saves from unnest(removed) d
        where ${sql.raw(listed('d'))}
      ) r
      cross join lateral (values ('groups.date_posted', list_sort_day(r.date_posted)::integer),
                                 ('groups.saves', list_sort_bucket(r.saves))) s (list, bucket)
      cross join lateral (values (''), ('skill=' || r.skill_level), ('visibility=' || r.visibility)) f (facet)
      group by 1, 2, 3
      having sum(r.sign) <> 0
      order by 1, 2, 3
      on conflict (list, facet, bucket) do update set n = b.n + excluded.n
    $$`.execute(db);
}

const SORT_INDEXES = [
  ['group_projects_date_desc_idx', sql`(-list_sort_day(date_posted)), date_posted desc, id`],
  ['group_projects_date_asc_idx', sql`list_sort_day(date_posted), date_posted asc, id`],
  ['group_projects_saves_desc_idx', sql`list_sort_bucket_desc(saves), saves desc, id`],
  ['group_projects_saves_asc_idx', sql`list_sort_bucket(saves), saves asc, id`],
] as const;

/** The groups' sort indexes of migration 0012, carrying `included` for the lists' filters. */
async function recreateSortIndexes(db: Kysely<unknown>, included: ReturnType<typeof sql>): Promise<void> {
  for (const [name, terms] of SORT_INDEXES) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on group_projects (${terms})
              include (${included}) where hidden_at is null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index messages_group_author_idx`.execute(db);
  await recreateSortIndexes(db, sql`skill_level, visibility`);
  await sql`delete from group_list_counts`.execute(db);
  await sql`delete from list_sort_buckets where list like 'groups.%'`.execute(db);
  await sql`alter table group_list_counts drop constraint group_list_counts_pkey`.execute(db);
  await sql`alter table group_list_counts drop column status`.execute(db);
  await sql`alter table group_list_counts add primary key (topic, skill_level, visibility)`.execute(db);
  await defineCounting(db, false);
  await sql`select group_list_counts_shift(array(select g from group_projects g), '{}')`.execute(db);
  await sql`drop function group_list_status(text, integer, integer)`.execute(db);
  await sql`alter table group_projects drop column status`.execute(db);
}
