import type { DigestFrequency } from '@openlfg/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { notificationColumns } from '../notifications/repository.js';

/** How long one node holds a user's digest while it sends it; past it another node may try again. */
const LEASE = sql`interval '5 minutes'`;

export interface MailSettingsRow {
  userId: number;
  email: string;
  confirmed: boolean;
  digest: DigestFrequency;
  digestAfterId: number;
}

export interface DueDigest {
  userId: number;
  email: string;
  digest: DigestFrequency;
  digestAfterId: number;
}

function toRow(row: {
  user_id: number;
  email: string;
  confirmed_at: Date | null;
  digest: DigestFrequency;
  digest_after_id: number;
}): MailSettingsRow {
  return {
    userId: row.user_id,
    email: row.email,
    confirmed: row.confirmed_at !== null,
    digest: row.digest,
    digestAfterId: Number(row.digest_after_id),
  };
}

const columns = ['user_id', 'email', 'confirmed_at', 'digest', 'digest_after_id'] as const;

export function createMailRepository(db: Kysely<DB>) {
  return {
    async find(userId: number): Promise<MailSettingsRow | null> {
      const row = await db
        .selectFrom('mail_settings')
        .select(columns)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /**
     * Sets the address and the digest. A new address is unconfirmed until its link is opened; the same one
     * keeps its confirmation. `startAfterId`: digests start after the notifications already there, so turning
     * mail on does not send the last 90 days.
     */
    async save(userId: number, email: string, digest: DigestFrequency, startAfterId: number) {
      const row = await db
        .insertInto('mail_settings')
        .values({ user_id: userId, email, digest, digest_after_id: startAfterId })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            digest,
            email,
            updated_at: sql`now()`,
            confirmed_at: sql`case when mail_settings.email = excluded.email then mail_settings.confirmed_at end`,
            // Off, or a new address: what came meanwhile is not sent when mail starts again.
            digest_after_id: sql`case when mail_settings.email = excluded.email and mail_settings.digest <> 'off'
              then mail_settings.digest_after_id else excluded.digest_after_id end`,
          }),
        )
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    async forget(userId: number) {
      await db.deleteFrom('mail_settings').where('user_id', '=', userId).execute();
    },

    /** Confirms `email` for the user if it is still their address; null when it is not. */
    async confirm(userId: number, email: string) {
      const row = await db
        .updateTable('mail_settings')
        .set({ confirmed_at: sql`coalesce(confirmed_at, now())`, updated_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('email', '=', email)
        .returning(columns)
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /** Turns mail off for the user if `email` is still their address; null when it is not. */
    async unsubscribe(userId: number, email: string) {
      const row = await db
        .updateTable('mail_settings')
        .set({ digest: 'off', updated_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('email', '=', email)
        .returning(columns)
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /**
     * Takes up to `limit` users whose digest is due (instant: every round; daily: a day after the last one),
     * leasing them to this node: another node's round skips them (SKIP LOCKED, then the lease).
     */
    async leaseDue(limit: number): Promise<DueDigest[]> {
      const rows = await db
        .updateTable('mail_settings')
        .set({ lease_until: sql`now() + ${LEASE}` })
        .where(
          'user_id',
          'in',
          db
            .selectFrom('mail_settings')
            .select('user_id')
            .where('confirmed_at', 'is not', null)
            .where('digest', '<>', 'off')
            .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
            .where((eb) =>
              eb.or([
                eb('digest', '=', 'instant'),
                eb('last_digest_at', 'is', null),
                eb('last_digest_at', '<=', sql<Date>`now() - interval '1 day'`),
              ]),
            )
            .orderBy('last_digest_at', sql`asc nulls first`)
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['user_id', 'email', 'digest', 'digest_after_id'])
        .execute();
      return rows.map((row) => ({
        userId: row.user_id,
        email: row.email,
        digest: row.digest,
        digestAfterId: Number(row.digest_after_id),
      }));
    },

    /** The newest notification the user has (0: none): a new subscription's digests start after it. */
    async latestNotificationId(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('recipient_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** The user's unread notifications after `afterId`, oldest first, with their actor: a digest's lines. */
    unreadSince(userId: number, afterId: number, limit: number) {
      return db
        .selectFrom('notifications')
        .leftJoin('users', 'users.id', 'notifications.actor_id')
        .select(notificationColumns)
        .where('notifications.recipient_id', '=', userId)
        .where('notifications.id', '>', afterId)
        .where('notifications.read_at', 'is', null)
        .orderBy('notifications.id', 'asc')
        .limit(limit)
        .execute();
    },

    /** How many unread notifications came after `afterId`, and the newest one's id. */
    async unreadSummarySince(userId: number, afterId: number) {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('id').as('last_id')])
        .where('recipient_id', '=', userId)
        .where('id', '>', afterId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), lastId: Number(row.last_id ?? afterId) };
    },

    /** A digest went out carrying notifications up to `lastId`. */
    async sent(userId: number, lastId: number) {
      await db
        .updateTable('mail_settings')
        .set({
          digest_after_id: sql`greatest(digest_after_id, ${lastId})`,
          last_digest_at: sql`now()`,
          lease_until: null,
        })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Nothing to send, or the mail server failed: the lease ends, the next round looks again. */
    async release(userId: number) {
      await db
        .updateTable('mail_settings')
        .set({ lease_until: null })
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
