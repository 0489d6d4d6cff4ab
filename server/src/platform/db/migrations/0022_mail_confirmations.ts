import { sql, type Kysely } from 'kysely';

/**
 * Confirmation mails, counted where every node sees them: one row per mail the site tried to send, so that an
 * address gets at most one per ten minutes (whoever asks) and a user asks for at most five a day.
 * `user_id` goes null with the account; the address's row keeps counting for the rest of its day. Rows older
 * than a day count for nothing and are deleted as new ones come.
 *
 * `mail_settings.confirmation_due`: a confirmation the mail server did not take; the digest rounds try it
 * again, within the same limits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_confirmations')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index mail_confirmations_email_idx on mail_confirmations (lower(email), sent_at)`.execute(
    db,
  );
  await sql`create index mail_confirmations_user_idx on mail_confirmations (user_id, sent_at)`.execute(db);
  await sql`create index mail_confirmations_sent_idx on mail_confirmations (sent_at)`.execute(db);
  await db.schema
    .alterTable('mail_settings')
    .addColumn('confirmation_due', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_settings').dropColumn('confirmation_due').execute();
  await db.schema.dropTable('mail_confirmations').execute();
}
