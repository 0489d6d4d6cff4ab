import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/dist/platform/db/schema.js';

/** The skills generated profiles and group needs draw from: 60 topic names. */
const SKILLS = 60;

/**
 * What generated groups need, for the matching round: three in four groups need two skills of 60, one in five
 * takes any timezone and the rest a three-hour window somewhere on the globe, hours a week from 2 to 21, last
 * active over the last 60 days. One UPDATE, then VACUUM ANALYZE.
 */
export async function generateGroupNeeds(db: Kysely<DB>): Promise<void> {
  await sql`
    update group_projects set
      needs_skills = case when id % 4 = 0 then '{}'::text[]
                          else array['skill-' || (id % ${SKILLS}), 'skill-' || ((id / ${SKILLS}) % ${SKILLS})] end,
      timezone_from = case when id % 5 = 0 then null else ((id % 25) - 12) * 60 end,
      timezone_to = case when id % 5 = 0 then null else least(840, ((id % 25) - 12) * 60 + 180) end,
      hours_per_week = 2 + id % 20,
      active_at = now() - make_interval(mins => (id * 7 % 86400)::int)`.execute(db);
  await sql`vacuum analyze group_projects`.execute(db);
}

/**
 * `count` generated people with profiles: three skills of 60 they add and two from their repositories, one in
 * three looking for a group (one in ten of them showing the profile only to groups they ask to join), UTC
 * offsets around the globe, 1 to 30 hours a week, profiles saved over the last 70 days. INSERT ... SELECT from
 * generate_series, then VACUUM ANALYZE.
 */
export async function generatePeople(db: Kysely<DB>, count: number): Promise<void> {
  await sql`
    insert into users (github_id, login, name)
    select 3000000000 + g, 'bench-person-' || g, 'Bench person ' || g
    from generate_series(1::bigint, ${count}::bigint) as g`.execute(db);
  await sql`
    insert into user_profiles (user_id, skills, repo_languages, repo_topics, repo_skills, timezone,
                               utc_offset_minutes, hours_per_week, looking_for_group, pitch, visible_to, updated_at)
    select u.id,
           array['skill-' || (g % ${SKILLS}), 'skill-' || ((g * 7) % ${SKILLS}), 'skill-' || ((g * 13) % ${SKILLS})],
           array['TypeScript'], array['skill-' || ((g * 17) % ${SKILLS})],
           array['typescript', 'skill-' || ((g * 17) % ${SKILLS})],
           'Etc/GMT', ((g % 27) - 12) * 60, 1 + g % 30, g % 3 = 0,
           'Generated person ' || g || ' looking for a group.',
           case when g % 30 = 0 then 'requested-groups' else 'signed-in' end,
           now() - make_interval(mins => (g % 100000)::int)
    from generate_series(1::bigint, ${count}::bigint) as g
    join users u on u.github_id = 3000000000 + g`.execute(db);
  await sql`vacuum analyze users`.execute(db);
  await sql`vacuum analyze user_profiles`.execute(db);
}
