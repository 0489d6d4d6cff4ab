import { NOTIFICATION_KEEP_DAYS, NOTIFICATION_UNREAD_CAP } from '@openlfg/contracts';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, NotificationsTable } from '../platform/db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Rows a prune deletes at most in one statement: a short transaction however many have expired. */
export const PRUNE_BATCH = 1000;

/** Reads never show what the prune has not reached yet: "kept 90 days" holds to the second. */
const kept = sql<boolean>`notifications.created_at > now() - make_interval(days => ${NOTIFICATION_KEEP_DAYS})`;

export type NotificationRow = Insertable<NotificationsTable>;

/** What a notification shows, with its actor (joined from users): the bell's rows and the digest mail's. */
export const notificationColumns = [
  'notifications.id',
  'notifications.kind',
  'notifications.group_id',
  'notifications.project_request_id',
  'notifications.message_id',
  'notifications.subject',
  'notifications.note',
  'notifications.created_at',
  'notifications.read_at',
  'notifications.issue_count',
  'notifications.finder_query',
  'users.login as actor_login',
  'users.avatar_url as actor_avatar_url',
] as const;

export function createNotificationsRepository(db: Kysely<DB>) {
  return {
    db,

    async insert(trx: Transaction<DB>, rows: NotificationRow[]): Promise<void> {
      if (rows.length > 0) await trx.insertInto('notifications').values(rows).execute();
    },

    /** Which of `recipientIds` blocked `actorId` (user_blocks): the policy tells them nothing it causes. */
    async blockersAmong(trx: Transaction<DB>, actorId: number, recipientIds: number[]): Promise<Set<number>> {
      if (recipientIds.length === 0) return new Set();
      const rows = await trx
        .selectFrom('user_blocks')
        .select('blocker_id')
        .where('blocked_id', '=', actorId)
        .where('blocker_id', 'in', recipientIds)
        .execute();
      return new Set(rows.map((row) => Number(row.blocker_id)));
    },

    /** The group's title now (the subject of a group's notification when the caller does not give one). */
    async groupTitle(trx: Transaction<DB>, groupId: number): Promise<string | undefined> {
      const row = await trx
        .selectFrom('group_projects')
        .select('title')
        .where('id', '=', groupId)
        .executeTakeFirst();
      return row?.title;
    },

    /** The user's notifications, newest first, `limit + 1` rows (the last one says whether older exist). */
    page(recipientId: number, before: number | null, limit: number) {
      let query = db
        .selectFrom('notifications')
        .leftJoin('users', 'users.id', 'notifications.actor_id')
        .select(notificationColumns)
        .where('notifications.recipient_id', '=', recipientId)
        .where(kept);
      if (before !== null) query = query.where('notifications.id', '<', before);
      return query
        .orderBy('notifications.id', 'desc')
        .limit(limit + 1)
        .execute();
    },

    /** How many unread, counted up to the cap through the partial index of unread rows. */
    async unreadCount(executor: Executor, recipientId: number): Promise<number> {
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from (
          select 1 from notifications
          where recipient_id = ${recipientId} and read_at is null and ${kept}
          limit ${NOTIFICATION_UNREAD_CAP}
        ) unread
      `.execute(executor);
      return rows[0]?.count ?? 0;
    },

    /** Marks one read; answers whether the caller has such a notification (read already or not). */
    async markRead(recipientId: number, id: number): Promise<boolean> {
      const row = await db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`coalesce(read_at, now())` })
        .where('id', '=', id)
        .where('recipient_id', '=', recipientId)
        .where(kept)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async markAllRead(recipientId: number): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`now()` })
        .where('recipient_id', '=', recipientId)
        .where('read_at', 'is', null)
        .execute();
    },

    /** Deletes up to PRUNE_BATCH notifications past their 90 days, oldest first; answers how many. */
    async prune(): Promise<number> {
      const result = await sql`
        delete from notifications where id in (
          select id from notifications
          where created_at <= now() - make_interval(days => ${NOTIFICATION_KEEP_DAYS})
          order by created_at
          limit ${PRUNE_BATCH}
        )
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
