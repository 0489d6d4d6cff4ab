import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { DEFAULT_WAITS, type DatabaseWaits } from '../platform/db/waits.js';
import { KeyedQueue } from '../platform/keyed-queue.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** The advisory lock namespace of rooms ("MSGS"); the second key is a hash of the room's name. */
const ROOM_LOCK_NAMESPACE = 0x4d534753;

/** Unread counts stop here: the web shows "99+" rather than a count that needs a long scan to get right. */
export const UNREAD_COUNT_CAP = 100;

function selectMessages(executor: Executor) {
  return executor
    .selectFrom('messages')
    .leftJoin('users', 'users.id', 'messages.author_id')
    .select([
      'messages.id',
      'messages.room',
      'messages.group_id',
      'messages.project_id',
      'messages.author_id',
      'messages.client_id',
      'messages.body',
      'messages.created_at',
      'messages.edited_at',
      'messages.deleted_at',
      'users.login as author_login',
      'users.avatar_url as author_avatar_url',
    ]);
}

/**
 * How long a post's transaction may sit idle while it holds its room's lock, on PostgreSQL: far beyond the gap
 * between two of its statements (milliseconds), and the most a node frozen mid-post (a GC pause, a VM freeze)
 * holds up the room's posts on every other node before the server ends its transaction (a rollback: its post
 * answers 503 once it thaws and is retried). The session's own bound (waits.ts, 5 s) covers everything else.
 */
export const ROOM_IDLE_MS = 1000;

/**
 * The idle bound of a post's transaction for a database with these waits: ROOM_IDLE_MS, or the session's own
 * bound if shorter; none on PGlite (no `waits`), whose one embedded session has no other node to wait for and
 * would hang, not end, past such a bound.
 */
export function roomIdleBound(waits: DatabaseWaits | undefined): number | null {
  return waits ? Math.min(ROOM_IDLE_MS, waits.idleInTransactionMs) : null;
}

/**
 * A room's writes that run at once on one node. Two, not one: a post's checks (its group's row lock and access
 * read, three round trips from its begin) overlap the previous post's insert and commit, which hold the room's
 * lock; one at a time, a room's posts on a node queued behind each other's whole transaction, and a busy
 * machine's slower round trips made that queue grow without bound. Two is still the most of this node's
 * connections a room holds: a node frozen while holding the room's lock ties up two here, never the pool.
 */
export const ROOM_TURNS = 2;

export type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['executeTakeFirstOrThrow']>>;

export function createMessagesRepository(
  db: Kysely<DB>,
  options: {
    /** How long a write waits in memory for its room's turn on this node; the database's lock bound fits. */
    roomWaitMs?: number;
    /** The idle-in-transaction bound of a transaction holding a room's lock (roomIdleBound); null for none. */
    roomIdleMs?: number | null;
  } = {},
) {
  const roomTurns = new KeyedQueue({
    maxWaitMs: options.roomWaitMs ?? DEFAULT_WAITS.lockMs,
    concurrency: ROOM_TURNS,
  });
  const roomIdleMs = options.roomIdleMs ?? null;
  /** The select list that takes the room's lock (and bounds the transaction's idle time, when there is a bound). */
  const roomLock = (room: string) => {
    const lock = sql`pg_advisory_xact_lock(${ROOM_LOCK_NAMESPACE}::int4, hashtext(${room}))`;
    return roomIdleMs === null
      ? lock
      : sql`set_config('idle_in_transaction_session_timeout', ${String(roomIdleMs)}, true), ${lock}`;
  };
  return {
    db,

    /**
     * `db.transaction()` for a write that takes the room's lock (lockRoom), begun only in the room's turn on
     * this node: at most one of this node's pool connections ever waits on a room's lock, and the node's other
     * writes to that room wait here in memory, each at most roomWaitMs (then QueueWaitTimeoutError: 503 with
     * Retry-After). A node frozen while holding a room's lock thus ties up one connection here per room it
     * holds, never the pool, and writes to other rooms, and everything else, go on. The database's lock bound
     * (lock_timeout) limits the wait of the connection at the front.
     */
    roomTransaction(room: string) {
      return {
        execute: <T>(body: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
          roomTurns.run(room, () => db.transaction().execute(body)),
      };
    },

    /**
     * Holds the room for the rest of the transaction. Messages of one room are then numbered and committed one
     * after another, so ids rise within a room in commit order: a reader that has seen id N has seen every
     * earlier message of that room, which is what resuming "after N" relies on. From the same statement on,
     * the transaction may sit idle at most roomIdleMs (`set_config(..., true)`: this transaction only), so a
     * node frozen while it holds the room costs the room's other posts about that long. A post takes it with
     * its insert (`insert`); this alone is for what holds a room without posting.
     */
    async lockRoom(trx: Transaction<DB>, room: string): Promise<void> {
      await sql`select ${roomLock(room)}`.execute(trx);
    },

    /** The roles of these users in the group (members and owner only). */
    async rolesOf(groupId: number, userIds: number[]): Promise<Map<number, 'owner' | 'member'>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('group_members')
        .select(['user_id', 'role'])
        .where('group_id', '=', groupId)
        .where('user_id', 'in', userIds)
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.role]));
    },

    /**
     * Inserts the message holding its room (lockRoom's lock and idle bound, taken in the same statement, before
     * the row is given its id), or returns null when this author already used this client id. One statement
     * rather than two: the room is held from here to the commit only, and a post makes one round trip fewer.
     * `announce` (the bus's notifyExpression) sends the new row's `message` event in the same statement, at
     * commit: `announced` says it did (never for a retry, which inserts nothing).
     */
    async insert(
      trx: Transaction<DB>,
      values: { room: string; authorId: number; clientId: string; body: string } & (
        { groupId: number } | { projectId: number }
      ),
      announce?: (payload: RawBuilder<string>) => RawBuilder<unknown>,
    ): Promise<{ id: number; created_at: Date; announced: boolean } | null> {
      // The bus event { kind: 'message', room, id } (encodeBusEvent's shape), built from the inserted row.
      const announced = announce
        ? sql`, ${announce(sql<string>`json_build_object('kind', 'message', 'room', room, 'id', id)::text`)} is not null`
        : sql`, false`;
      // The materialized CTE runs first, whole: the lock is held before the insert draws the id (nextval).
      const { rows } = await sql<{ id: number; created_at: Date; announced: boolean }>`
        with room_lock as materialized (select ${roomLock(values.room)})
        insert into messages (room, group_id, project_id, author_id, client_id, body)
        select ${values.room}, ${'groupId' in values ? values.groupId : null}::int8,
          ${'projectId' in values ? values.projectId : null}::int8, ${values.authorId}::int8,
          ${values.clientId}, ${values.body}
        from room_lock
        on conflict (author_id, client_id) do nothing
        returning id, created_at${announced} as announced`.execute(trx);
      return rows[0] ?? null;
    },

    findByClientId(executor: Executor, authorId: number, clientId: string) {
      return selectMessages(executor)
        .where('messages.author_id', '=', authorId)
        .where('messages.client_id', '=', clientId)
        .executeTakeFirst();
    },

    /**
     * The message, locked for the rest of the transaction: two changes to one message take turns, so the
     * second sees the first (an edit after a deletion is refused, not a resurrection).
     */
    lockMessage(trx: Transaction<DB>, room: string, id: number) {
      return trx
        .selectFrom('messages')
        .select(['id', 'author_id', 'body', 'deleted_at'])
        .where('room', '=', room)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** clock_timestamp(), not now(): taken after the row lock, so a later edit always carries a later time. */
    async edit(trx: Transaction<DB>, id: number, body: string): Promise<void> {
      await trx
        .updateTable('messages')
        .set({ body, edited_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', id)
        .execute();
    },

    /** Blanks the body (the text is gone from the database) and records who deleted it and when. */
    async markDeleted(trx: Transaction<DB>, id: number, deletedBy: number): Promise<void> {
      await trx
        .updateTable('messages')
        .set({ body: '', deleted_at: sql<Date>`clock_timestamp()`, deleted_by: deletedBy })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The room's messages up to `upToId` edited or deleted after `since`, oldest first, at most `limit`
     * (index messages_changed_idx).
     */
    changedSince(room: string, since: Date, upToId: number, limit: number) {
      return selectMessages(db)
        .where('messages.room', '=', room)
        .where(sql<Date>`coalesce(messages.deleted_at, messages.edited_at)`, '>', since)
        .where('messages.id', '<=', upToId)
        .orderBy('messages.id', 'asc')
        .limit(limit)
        .execute();
    },

    findById(executor: Executor, id: number) {
      return selectMessages(executor).where('messages.id', '=', id).executeTakeFirst();
    },

    /**
     * The users of these logins (compared ignoring case) who may read a board: the members of `membersOf` (a
     * private group's id), or anyone signed up (null: a public group's board, a project's room).
     */
    async readersByLogin(executor: Executor, logins: string[], membersOf: number | null): Promise<number[]> {
      if (logins.length === 0) return [];
      let query = executor
        .selectFrom('users')
        .select('users.id')
        .where(
          sql<string>`lower(users.login)`,
          'in',
          logins.map((login) => login.toLowerCase()),
        );
      if (membersOf !== null) {
        const groupId = membersOf;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('group_members')
              .select('group_members.user_id')
              .whereRef('group_members.user_id', '=', 'users.id')
              .where('group_members.group_id', '=', groupId),
          ),
        );
      }
      const rows = await query.orderBy('users.id').execute();
      return rows.map((row) => row.id);
    },

    /**
     * Records that the message has told these users of their mention, and answers those it had not told yet:
     * each person is told once per message, whatever its edits.
     */
    async recordMentions(trx: Transaction<DB>, messageId: number, userIds: number[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await trx
        .insertInto('message_mentions')
        .values(userIds.map((userId) => ({ message_id: messageId, user_id: userId })))
        .onConflict((conflict) => conflict.columns(['message_id', 'user_id']).doNothing())
        .returning('user_id')
        .execute();
      return rows.map((row) => row.user_id).sort((a, b) => a - b);
    },

    /** Newest first, only ids below `before` when given: one page of history (index messages_room_idx). */
    /** Which of these authors the reader blocked (user_blocks): their messages fold away for the reader. */
    async blockedAmong(readerId: number, authorIds: number[]): Promise<Set<number>> {
      if (authorIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('user_blocks')
        .select('blocked_id')
        .where('blocker_id', '=', readerId)
        .where('blocked_id', 'in', [...new Set(authorIds)])
        .execute();
      return new Set(rows.map((row) => Number(row.blocked_id)));
    },

    page(room: string, before: number | null, limit: number) {
      let query = selectMessages(db).where('messages.room', '=', room);
      if (before !== null) query = query.where('messages.id', '<', before);
      return query.orderBy('messages.id', 'desc').limit(limit).execute();
    },

    /** Oldest first, ids after `afterId`: what a subscriber missed, or what a node has not pushed yet. */
    after(room: string, afterId: number, limit: number) {
      return selectMessages(db)
        .where('messages.room', '=', room)
        .where('messages.id', '>', afterId)
        .orderBy('messages.id', 'asc')
        .limit(limit)
        .execute();
    },

    async latestId(room: string): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select('id')
        .where('room', '=', room)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? 0;
    },

    async messageInRoom(room: string, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('messages')
        .select('id')
        .where('room', '=', room)
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Moves the member's read mark forward (never back: an older tab must not undo a newer one's reading). */
    async markRead(groupId: number, userId: number, messageId: number): Promise<number | null> {
      const row = await db
        .updateTable('group_members')
        .set({ last_read_message_id: sql`greatest(coalesce(last_read_message_id, 0), ${messageId})` })
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .returning('last_read_message_id')
        .executeTakeFirst();
      return row ? (row.last_read_message_id ?? messageId) : null;
    },

    /**
     * Per group the user belongs to (hidden groups only for their owner): messages by others after the read mark,
     * counted up to UNREAD_COUNT_CAP, and the newest message id. One query; each count walks messages_room_idx.
     */
    unreadCounts(userId: number) {
      return db
        .selectFrom('group_members')
        .innerJoin('group_projects', 'group_projects.id', 'group_members.group_id')
        .select([
          'group_members.group_id',
          sql<number>`(
            select count(*)::int from (
              select 1 from messages m
              where m.room = ${sql.lit('discussion-board-')} || group_members.group_id
                and m.id > coalesce(group_members.last_read_message_id, 0)
                and m.author_id is distinct from group_members.user_id
              limit ${UNREAD_COUNT_CAP}
            ) unread
          )`.as('unread_count'),
          sql<number | null>`(
            select max(m.id) from messages m
            where m.room = ${sql.lit('discussion-board-')} || group_members.group_id
          )`.as('latest_message_id'),
        ])
        .where('group_members.user_id', '=', userId)
        .where((eb) =>
          eb.or([eb('group_projects.hidden_at', 'is', null), eb('group_members.role', '=', 'owner')]),
        )
        .orderBy('group_members.group_id')
        .execute();
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;

/** The repository as the app makes it for this database: its waits bound the room's turns and holds. */
export function messagesRepositoryFor(database: { db: Kysely<DB>; waits?: DatabaseWaits }) {
  return createMessagesRepository(database.db, {
    roomWaitMs: (database.waits ?? DEFAULT_WAITS).lockMs,
    roomIdleMs: roomIdleBound(database.waits),
  });
}
