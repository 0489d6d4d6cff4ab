import { sql, type Kysely } from 'kysely';

/**
 * A message belongs to an existing group, as a rule of the database rather than of the code: posting takes a
 * key-share lock on the group's row (what the foreign key check does, too), so a post racing the group's
 * deletion either commits first and is deleted with the group, or waits and is refused. Before this key, a post
 * that had read the group just before a delete committed after it and stayed behind, on no group.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Messages left behind by that race before this migration: they belong to no group anyone can read.
  await sql`
    delete from messages m
    where not exists (select 1 from group_projects g where g.id = m.group_id)
  `.execute(db);
  await sql`
    alter table messages
      add constraint messages_group_fk foreign key (group_id) references group_projects (id) on delete cascade
  `.execute(db);
  // The cascade (and the key check on every delete of a group) finds a group's messages through this index.
  await sql`create index messages_group_idx on messages (group_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index messages_group_idx`.execute(db);
  await sql`alter table messages drop constraint messages_group_fk`.execute(db);
}
