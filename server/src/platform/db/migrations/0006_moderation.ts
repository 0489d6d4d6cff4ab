import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A hidden group: gone from every list, its board closed to all but its owner, who sees why.
  await db.schema
    .alterTable('group_projects')
    .addColumn('hidden_at', 'timestamptz')
    .addColumn('hidden_reason', 'text')
    .addColumn('hidden_by', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .execute();

  // What a moderator did about a report when closing it: dismissed, hidden or deleted.
  await db.schema.alterTable('group_reports').addColumn('outcome', 'text').execute();

  // Every moderation action, append-only: the code only inserts, and the database refuses UPDATE and DELETE.
  // actor_login is kept as it was, so the entry stays readable if the user is gone.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'bigint')
    .addColumn('actor_login', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('object_type', 'text', (col) => col.notNull())
    .addColumn('object_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % is not allowed', tg_op;
    end;
    $$`.execute(db);
  await sql`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function audit_log_append_only()`.execute(db);
  await db.schema.alterTable('group_reports').dropColumn('outcome').execute();
  await db.schema
    .alterTable('group_projects')
    .dropColumn('hidden_at')
    .dropColumn('hidden_reason')
    .dropColumn('hidden_by')
    .execute();
}
