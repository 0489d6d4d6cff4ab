import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/dist/platform/db/schema.js';

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
