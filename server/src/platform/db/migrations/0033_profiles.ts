import { sql, type Kysely } from 'kysely';

/**
 * People: a profile beside each user's GitHub identity (skills they add, the languages and topics of their public
 * repositories, timezone, hours, what they want to learn, whether they look for a group, who sees it), what a
 * group needs (skills, a timezone window, hours a week), and the invitations owners send to people they found.
 * Matching ranks in SQL: the skill arrays carry GIN indexes, the people looking for a group a partial one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('skills', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('repo_languages', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('repo_topics', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    // The repositories' languages and topics under their canonical topic names ("TypeScript" is typescript).
    .addColumn('repo_skills', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    // What matching compares with a group's needs: the skills they add and those their repositories show.
    .addColumn('match_skills', sql`text[]`, (col) =>
      col.generatedAlwaysAs(sql`skills || repo_skills`).stored(),
    )
    .addColumn('timezone', 'text')
    .addColumn('utc_offset_minutes', 'integer', (col) =>
      col.check(sql`utc_offset_minutes between -720 and 840`),
    )
    .addColumn('hours_per_week', 'integer', (col) => col.check(sql`hours_per_week between 1 and 80`))
    .addColumn('learning', 'text')
    .addColumn('looking_for_group', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('pitch', 'text')
    .addColumn('visible_to', 'text', (col) =>
      col
        .notNull()
        .defaultTo('signed-in')
        .check(sql`visible_to in ('signed-in', 'requested-groups')`),
    )
    .addColumn('show_claims', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('show_mentoring', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // "People for your group": only those looking, found by a skill the group needs, or the latest of them.
  await sql`create index user_profiles_looking_skills_idx on user_profiles using gin (match_skills)
            where looking_for_group`.execute(db);
  await sql`create index user_profiles_looking_idx on user_profiles (updated_at desc, user_id)
            where looking_for_group`.execute(db);

  await db.schema
    .alterTable('group_projects')
    .addColumn('needs_skills', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('timezone_from', 'integer', (col) => col.check(sql`timezone_from between -720 and 840`))
    .addColumn('timezone_to', 'integer', (col) => col.check(sql`timezone_to between -720 and 840`))
    .addColumn('hours_per_week', 'integer', (col) => col.check(sql`hours_per_week between 1 and 80`))
    .execute();
  await sql`alter table group_projects add constraint group_projects_timezone_window_check
            check ((timezone_from is null) = (timezone_to is null) and timezone_from <= timezone_to)`.execute(
    db,
  );
  // A group's last activity (posted, edited, its board's latest message), for ranking. A message moves it at most
  // once an hour, and never waits for the group's row: a membership change holding it just skips that update.
  await sql`alter table group_projects add column active_at timestamptz not null default now()`.execute(db);
  await sql`update group_projects g set active_at = greatest(g.date_posted, coalesce(g.edited_at, g.date_posted),
              coalesce((select max(m.created_at) from messages m where m.group_id = g.id), g.date_posted))`.execute(
    db,
  );
  await sql`
    create function group_active_on_message() returns trigger language plpgsql as $$
    begin
      update group_projects set active_at = new.created_at
      where id = (select id from group_projects
                  where id = new.group_id and active_at < new.created_at - interval '1 hour'
                  for no key update skip locked);
      return null;
    end $$`.execute(db);
  await sql`create trigger messages_group_active after insert on messages
            for each row when (new.group_id is not null) execute function group_active_on_message()`.execute(
    db,
  );
  // "Groups for you": groups that need a skill the user has.
  await sql`create index group_projects_needs_skills_idx on group_projects using gin (needs_skills)
            where hidden_at is null and status = 'open'`.execute(db);

  await db.schema
    .createTable('group_person_invitations')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('group_id', 'bigint', (col) =>
      col.notNull().references('group_projects.id').onDelete('cascade'),
    )
    .addColumn('inviter_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invite_id', 'bigint', (col) => col.references('group_invites.id').onDelete('set null'))
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('group_person_invitations_inviter_idx')
    .on('group_person_invitations')
    .columns(['inviter_id', 'sent_at'])
    .execute();
  await db.schema
    .createIndex('group_person_invitations_invitee_idx')
    .on('group_person_invitations')
    .column('invitee_id')
    .execute();
  await db.schema
    .createIndex('group_person_invitations_group_idx')
    .on('group_person_invitations')
    .column('group_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_person_invitations').execute();
  await sql`drop index if exists group_projects_needs_skills_idx`.execute(db);
  await sql`drop trigger if exists messages_group_active on messages`.execute(db);
  await sql`drop function if exists group_active_on_message()`.execute(db);
  await sql`alter table group_projects drop column active_at`.execute(db);
  await sql`alter table group_projects drop constraint if exists group_projects_timezone_window_check`.execute(
    db,
  );
  await db.schema
    .alterTable('group_projects')
    .dropColumn('needs_skills')
    .dropColumn('timezone_from')
    .dropColumn('timezone_to')
    .dropColumn('hours_per_week')
    .execute();
  await db.schema.dropTable('user_profiles').execute();
}
