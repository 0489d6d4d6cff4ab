import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_projects')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('repo_ext', 'text')
    .addColumn('topics', sql`text[]`, (col) => col.notNull())
    .addColumn('skill_level', 'text', (col) =>
      col.notNull().check(sql`skill_level in ('Beginner', 'Intermediate', 'Advanced', 'Any level')`),
    )
    .addColumn('visibility', 'text', (col) => col.notNull().check(sql`visibility in ('public', 'private')`))
    .addColumn('discord_url', 'text')
    .addColumn('max_members', 'integer', (col) => col.check(sql`max_members is null or max_members >= 2`))
    // The creator owns the group; only they may delete it.
    .addColumn('owner_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('member_count', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`member_count >= 0`),
    )
    .addColumn('saves', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`saves >= 0`),
    )
    .addColumn('date_posted', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One index per sort of the list, in its exact order (the id breaks ties), and the filters' indexes.
  await sql`create index group_projects_date_desc_idx on group_projects (date_posted desc, id)`.execute(db);
  await sql`create index group_projects_date_asc_idx on group_projects (date_posted asc, id)`.execute(db);
  await sql`create index group_projects_saves_idx on group_projects (saves desc, id)`.execute(db);
  await sql`create index group_projects_topics_idx on group_projects using gin (topics)`.execute(db);
  await sql`create index group_projects_owner_idx on group_projects (owner_id)`.execute(db);

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'bigint', (col) =>
      col.notNull().references('group_projects.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'member')`))
    .addColumn('joined_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();

  // Join requests keep their history (approved, rejected, cancelled); at most one pending per user and group.
  await db.schema
    .createTable('group_join_requests')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('group_id', 'bigint', (col) =>
      col.notNull().references('group_projects.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected', 'cancelled')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await sql`create unique index group_join_requests_pending_idx on group_join_requests (group_id, user_id) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('group_join_requests_user_idx')
    .on('group_join_requests')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('group_saves')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'bigint', (col) =>
      col.notNull().references('group_projects.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_saves_pk', ['user_id', 'group_id'])
    .execute();
  await db.schema.createIndex('group_saves_group_idx').on('group_saves').column('group_id').execute();

  // Reports outlive the group they name (moderators keep the record), so no foreign key to it.
  await db.schema
    .createTable('group_reports')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('group_id', 'bigint', (col) => col.notNull())
    .addColumn('group_title', 'text', (col) => col.notNull())
    .addColumn('reporter_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'dismissed', 'actioned')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await sql`create unique index group_reports_open_idx on group_reports (group_id, reporter_id) where status = 'open'`.execute(
    db,
  );

  // The discussion boards' messages: one room per group (discussion-board-{id}). The realtime board builds
  // on this table; deleting a group deletes its room's messages in the same transaction.
  await db.schema
    .createTable('messages')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('room', 'text', (col) => col.notNull())
    .addColumn('group_id', 'bigint', (col) => col.notNull())
    .addColumn('author_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index messages_room_idx on messages (room, id)`.execute(db);
  await sql`create unique index messages_client_idx on messages (author_id, client_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'messages',
    'group_reports',
    'group_saves',
    'group_join_requests',
    'group_members',
    'group_projects',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
