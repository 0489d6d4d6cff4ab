import { sql, type Kysely } from 'kysely';

/**
 * GitHub's webhook deliveries: each delivery's id once applied (a redelivery changes nothing), and the GitHub App
 * installations that cover projects (which repositories send their events, which installation's token reads them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries')
    // GitHub's X-GitHub-Delivery (a GUID), the same on a redelivery.
    .addColumn('delivery_id', 'text', (col) => col.primaryKey())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_received_idx')
    .on('webhook_deliveries')
    .column('received_at')
    .execute();

  await db.schema
    .createTable('github_installations')
    // GitHub's installation id.
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('account_login', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('github_installation_id', 'bigint', (col) =>
      col.references('github_installations.id').onDelete('set null'),
    )
    .execute();
  await sql`create index projects_installation_idx on projects (github_installation_id)
    where github_installation_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('github_installation_id').execute();
  await db.schema.dropTable('github_installations').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
}
