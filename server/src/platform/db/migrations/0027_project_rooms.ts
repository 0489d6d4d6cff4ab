import { sql, type Kysely } from 'kysely';

/**
 * A project's room: a board of its own, in the same `messages` table as the groups' boards (one board
 * implementation). A message belongs to exactly one group or one project, as a rule of the database; a project's
 * messages go with the project (a catalogue import that replaces the demo projects takes their rooms along).
 * A notification may name the message it leads to (a mention in a project's room, a question to its mentors).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages alter column group_id drop not null`.execute(db);
  await sql`
    alter table messages
      add column project_id bigint references projects (id) on delete cascade,
      add constraint messages_one_board check (num_nonnulls(group_id, project_id) = 1)
  `.execute(db);
  // The cascade (and the key check on every delete of a project) finds a project's messages through this index.
  await sql`create index messages_project_idx on messages (project_id) where project_id is not null`.execute(
    db,
  );
  await sql`alter table notifications add column message_id bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop column message_id`.execute(db);
  await sql`delete from messages where project_id is not null`.execute(db);
  await sql`alter table messages drop constraint messages_one_board`.execute(db);
  await sql`alter table messages drop column project_id`.execute(db);
  await sql`alter table messages alter column group_id set not null`.execute(db);
}
