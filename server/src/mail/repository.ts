import {
  CONFIRMATION_MAIL_INTERVAL_MINUTES,
  CONFIRMATION_MAILS_PER_DAY,
  type DigestFrequency,
} from '@openlfg/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { notificationColumns } from '../notifications/repository.js';

/** How long one node holds a user's digest while it sends it; past it another node may try again. */
const LEASE = sql`interval '5 minutes'`;
/** The limits of confirmation mail (see the contract's constants), as PostgreSQL intervals. */
const ADDRESS_INTERVAL = sql`make_interval(mins => ${CONFIRMATION_MAIL_INTERVAL_MINUTES})`;
const USER_WINDOW = sql`interval '1 day'`;

export interface MailSettingsRow {
  userId: number;
  email: string;
  confirmed: boolean;
  digest: DigestFrequency;
  digestAfterId: number;
  /** A confirmation mail the mail server did not take waits for a round to try again. */
  confirmationDue: boolean;
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
  confirmation_due: boolean;
}): MailSettingsRow {
  return {
    userId: row.user_id,
    email: row.email,
    confirmed: row.confirmed_at !== null,
    digest: row.digest,
    digestAfterId: Number(row.digest_after_id),
    confirmationDue: row.confirmation_due,
  };
}

const columns = [
  'user_id',
  'email',
  'confirmed_at',
  'digest',
  'digest_after_id',
  'confirmation_due',
] as const;

/**
 * When the next confirmation mail to `email` for `userId` may go, or null when one may go now: ten minutes after
 * the last one to the address (any user's), and a day after the user's fifth-latest. Addresses compare without
 * case, as mail servers deliver them.
 */
async function confirmationNextAt(db: Kysely<DB>, userId: number, email: string): Promise<Date | null> {
  const { rows } = await sql<{ next_at: Date | null }>`select greatest(
      (select max(sent_at) + ${ADDRESS_INTERVAL} from mail_confirmations
        where lower(email) = lower(${email}) and sent_at > now() - ${ADDRESS_INTERVAL}),
      (select sent_at + ${USER_WINDOW} from mail_confirmations
        where user_id = ${userId} and sent_at > now() - ${USER_WINDOW}
        order by sent_at desc offset ${CONFIRMATION_MAILS_PER_DAY - 1} limit 1)
    ) as next_at`.execute(db);
  const next = rows[0]?.next_at ?? null;
  return next === null ? null : new Date(next);
}

export function createMailRepository(db: Kysely<DB>) {
  /** The users no node holds a lease on. */
  const unleased = () =>
    db
      .selectFrom('mail_settings')
      .select('user_id')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]));
  /**
   * Leases the users `pick` chooses among the unleased ones to this node: another node's round skips them
   * (SKIP LOCKED, then the lease).
   */
  const lease = (pick: (users: ReturnType<typeof unleased>) => ReturnType<typeof unleased>) =>
    db
      .updateTable('mail_settings')
      .set({ lease_until: sql`now() + ${LEASE}` })
      .where('user_id', 'in', pick(unleased()).forUpdate().skipLocked());

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
            confirmation_due: sql`mail_settings.email = excluded.email and mail_settings.confirmation_due`,
            // Off, or a new address: what came meanwhile is not sent when mail starts again.
            digest_after_id: sql`case when mail_settings.email = excluded.email and mail_settings.digest <> 'off'
              then mail_settings.digest_after_id else excluded.digest_after_id end`,
          }),
        )
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    confirmationNextAt: (userId: number, email: string) => confirmationNextAt(db, userId, email),

    /**
     * Takes the right to send a confirmation mail to `email` for the user now: counted (so the next save, on any
     * node, sees it) and answered null, or refused with the time it may go. One transaction per user and per
     * address at a time (advisory locks, the user's first), so saves at once cannot both pass the count.
     */
    async claimConfirmation(userId: number, email: string): Promise<{ nextAt: Date } | null> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`mail-confirmation-user:${userId}`}))`.execute(trx);
        await sql`select pg_advisory_xact_lock(hashtext('mail-confirmation:' || lower(${email})))`.execute(
          trx,
        );
        const nextAt = await confirmationNextAt(trx, userId, email);
        if (nextAt) return { nextAt };
        await trx
          .deleteFrom('mail_confirmations')
          .where('sent_at', '<', sql<Date>`now() - ${USER_WINDOW}`)
          .execute();
        await trx.insertInto('mail_confirmations').values({ user_id: userId, email }).execute();
        return null;
      });
    },

    /** Whether a confirmation mail to `email` still waits for a round (the address may have changed since). */
    async setConfirmationDue(userId: number, email: string, due: boolean) {
      await db
        .updateTable('mail_settings')
        .set({ confirmation_due: due })
        .where('user_id', '=', userId)
        .where('email', '=', email)
        .execute();
    },

    /**
     * Leases up to `limit` users whose confirmation mail the mail server did not take and whose address may
     * be mailed again now, saved within the confirmation link's lifetime (a week): a round tries them again.
     */
    async leaseDueConfirmations(limit: number): Promise<{ userId: number; email: string }[]> {
      const rows = await lease((users) =>
        users
          .where('confirmation_due', '=', true)
          .where('confirmed_at', 'is', null)
          .where('updated_at', '>', sql<Date>`now() - interval '7 days'`)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('mail_confirmations')
                  .select(sql`1`.as('one'))
                  .where(sql`lower(mail_confirmations.email)`, '=', sql`lower(mail_settings.email)`)
                  .where('mail_confirmations.sent_at', '>', sql<Date>`now() - ${ADDRESS_INTERVAL}`),
              ),
            ),
          )
          .orderBy('updated_at', 'asc')
          .limit(limit),
      )
        .returning(['user_id', 'email'])
        .execute();
      return rows.map((row) => ({ userId: row.user_id, email: row.email }));
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
     * leasing them to this node.
     */
    async leaseDue(limit: number): Promise<DueDigest[]> {
      const rows = await lease((users) =>
        users
          .where('confirmed_at', 'is not', null)
          .where('digest', '<>', 'off')
          .where((eb) =>
            eb.or([
              eb('digest', '=', 'instant'),
              eb('last_digest_at', 'is', null),
              eb('last_digest_at', '<=', sql<Date>`now() - interval '1 day'`),
            ]),
          )
          .orderBy('last_digest_at', (ob) => ob.asc().nullsFirst())
          .limit(limit),
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
