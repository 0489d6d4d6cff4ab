import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/dist/platform/db/schema.js';
import { NAME_BUCKET_ROWS } from '../../server/dist/platform/db/sort-buckets.js';

/**
 * A catalogue of `count` generated projects for load tests: 50 common topics plus 7 and 13 rarer ones, eight
 * languages, figures spread with about one in eleven unknown, added over the last 400 days (one in five on its own, so
 * new for 30 days). One INSERT ...
 * SELECT from generate_series, so 100,000 rows take seconds, then VACUUM ANALYZE.
 */
export async function generateProjects(db: Kysely<DB>, count: number): Promise<void> {
  await sql`
    insert into projects (repo_ext, name, description, language, topics, stars, forks, contributors, used_by,
                          saves, open_issues, beginner_issues, license, added_at, new_since, source)
    select 'bench-org-' || (g % 5000) || '/project-' || g,
           'Project ' || g,
           'Generated project number ' || g || ' for load tests.',
           (array['TypeScript','Rust','Go','Python','Java','C++','Ruby','Kotlin'])[1 + g % 8],
           array['topic-' || (g % 50), 'lang-' || (g % 7), 'area-' || (g % 13)],
           (g * 7919) % 100000,
           (g * 31) % 9000,
           case when g % 11 = 0 then null else (g * 104729) % 5000 end,
           case when g % 9 = 0 then null else (g * 15485863) % 1000000 end,
           (g * 17) % 300,
           (g * 13) % 400,
           (g * 3) % 40,
           'MIT',
           now() - make_interval(days => (g % 400)::int),
           case when g % 5 = 0 then now() - make_interval(days => (g % 400)::int) end,
           'bench'
    from generate_series(1::bigint, ${count}::bigint) as g`.execute(db);
  // As a catalogue import ends (catalog/write.ts): the name sort's buckets drawn again when one grew too large.
  await sql`select project_name_buckets_rebalance(${NAME_BUCKET_ROWS})`.execute(db);
  // As autovacuum would leave a settled table: statistics for the planner, a visibility map for index-only scans.
  await sql`vacuum analyze projects`.execute(db);
}

/**
 * `count` generated group projects owned by one bench user, each with its owner as member: topics from a pool
 * of 40, the four skill levels, one in four private, posted over the last 120 days.
 */
export async function generateGroups(db: Kysely<DB>, count: number): Promise<void> {
  const owner = await db
    .insertInto('users')
    .values({ github_id: 2 ** 45, login: 'bench-owner', name: 'Bench owner' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into group_projects (title, description, topics, skill_level, visibility, owner_id, member_count, saves,
                                date_posted)
    select 'Group ' || g, 'Generated group number ' || g || ' for load tests.',
           array['topic-' || (g % 40), 'topic-' || ((g / 40) % 40)],
           (array['Beginner','Intermediate','Advanced','Any level'])[1 + g % 4],
           case when g % 4 = 0 then 'private' else 'public' end,
           ${owner.id}, 1, (g * 7) % 50,
           now() - make_interval(mins => (g * 3 % 172800)::int)
    from generate_series(1::bigint, ${count}::bigint) as g`.execute(db);
  await sql`insert into group_members (group_id, user_id, role) select id, ${owner.id}, 'owner' from group_projects`.execute(
    db,
  );
  await sql`vacuum analyze group_projects`.execute(db);
}

/**
 * `count` generated open beginner issues spread over the generated projects (10 each for 100,000 projects and
 * 1,000,000 issues): created over the last 400 days, one in five assigned, one in ten with an open pull
 * request, comment counts 0 to 8; the projects' maintainers answer in 0 to 299 hours, or (one in seven) not
 * at all. One INSERT ... SELECT from generate_series; the copy of the project's fields is made by the same
 * statement (the per-row trigger that keeps it otherwise is off during the load), then VACUUM ANALYZE.
 */
export async function generateIssues(db: Kysely<DB>, count: number): Promise<void> {
  await sql`
    update projects set responsiveness_at = now(),
      maintainer_median_hours = case when id % 7 = 0 then null else (id * 37) % 300 end`.execute(db);
  const projects = await sql<{ n: number }>`select count(*)::int as n from projects`.execute(db);
  const total = projects.rows[0]?.n ?? 0;
  if (total === 0) return;
  await sql`alter table issues disable trigger issues_copy_project`.execute(db);
  try {
    await sql`
      insert into issues (project_id, number, title, url, labels, label_names, created_at, updated_at, comments,
                          assignee, assigned_at, pull_request_number, pull_request_at, github_taken_until,
                          project_language, project_topics, project_archived, project_pushed_at,
                          project_median_hours)
      select p.id, g, 'Generated issue ' || g, 'https://github.com/' || p.repo_ext || '/issues/' || g,
             case when g % 3 = 0 then '[{"name":"help wanted","color":"008672"}]'::jsonb
                  else '[{"name":"good first issue","color":"7057ff"}]'::jsonb end,
             case when g % 3 = 0 then array['help wanted'] else array['good first issue'] end,
             now() - make_interval(secs => (g * 7919) % (400 * 86400)),
             now() - make_interval(secs => (g * 104729) % (30 * 86400)),
             (g * 13) % 9,
             case when g % 5 = 0 then 'someone' end,
             case when g % 5 = 0 then now() - interval '10 days' end,
             case when g % 10 = 3 then 1 end,
             case when g % 10 = 3 then now() - interval '2 days' end,
             case when g % 5 = 0 or g % 10 = 3 then 'infinity'::timestamptz else '-infinity'::timestamptz end,
             p.language, p.topics, p.archived, p.last_push_at, p.maintainer_median_hours
      from generate_series(1::bigint, ${count}::bigint) as g
      join projects p on p.id = 1 + (g % ${total})`.execute(db);
  } finally {
    await sql`alter table issues enable trigger issues_copy_project`.execute(db);
  }
  await sql`vacuum analyze issues`.execute(db);
  await sql`vacuum analyze projects`.execute(db);
}
