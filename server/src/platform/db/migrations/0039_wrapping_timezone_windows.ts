import { sql, type Kysely } from 'kysely';

/**
 * A group's timezone window may run east across the date line (UTC+10 to UTC-8: the Pacific), so its first end
 * is no longer always the western one: the check keeps only that both ends are set, or neither (any timezone).
 * The overlap arithmetic reads such a window round the clock (contracts/src/people.ts, platform/db/match-score.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table group_projects drop constraint group_projects_timezone_window_check`.execute(db);
  await sql`alter table group_projects add constraint group_projects_timezone_window_check
            check ((timezone_from is null) = (timezone_to is null))`.execute(db);
}

/** Before this, a window crossing the date line could not be kept: those groups go back to any timezone. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table group_projects drop constraint group_projects_timezone_window_check`.execute(db);
  await sql`update group_projects set timezone_from = null, timezone_to = null
            where timezone_from > timezone_to`.execute(db);
  await sql`alter table group_projects add constraint group_projects_timezone_window_check
            check ((timezone_from is null) = (timezone_to is null) and timezone_from <= timezone_to)`.execute(
    db,
  );
}
