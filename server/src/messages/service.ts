import {
  discussionRoom,
  mentionedLogins,
  MESSAGE_PAGE_SIZE,
  type AddMessageRequest,
  type DeleteMessageRequest,
  type EditMessageRequest,
  type Message,
  type MessageHistoryQuery,
  type MessageHistoryResponse,
  type RoomClosedReason,
  type UnreadCount,
} from '@openlfg/contracts';
import { allows, authorize, type GroupAccess } from '../groups/policy.js';
import { requireText } from '../groups/input.js';
import type { EventBus } from '../platform/bus/index.js';
import { writeAudit } from '../platform/db/audit-log.js';
import { conflict, notFound } from '../platform/http/errors.js';
import { toMessage } from './presenters.js';
import type { MessagesRepository } from './repository.js';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

interface Caller {
  id: number;
}

/** The signed-in sender, as the session knows them. */
interface Author extends Caller {
  login: string;
  avatarUrl: string | null;
}

const noGroup = (id: number) => notFound(`There is no group project ${id}.`);

/** A committed message that names people who may read its board (never its author): who to tell. */
export interface Mention {
  message: Message;
  userIds: number[];
}

export interface MessagesServiceOptions {
  /** Whether this login is a moderator of the site (ADMIN_LOGINS, accounts/authentication.ts): they delete any message. */
  isModerator?: (login: string) => boolean;
  /** Called after the commit of a message (or an edit) that mentions someone it has not told yet; notifications listen. */
  onMention?: (mention: Mention) => void;
}

/** The groups repository's access loader: one query for everything a decision about one group needs. */
export type LoadGroupAccess = (
  executor: Executor,
  groupId: number,
  userId: number | null,
  lock?: 'update' | 'key share' | null,
) => Promise<GroupAccess | null>;

/**
 * The discussion boards: posting (stored, then announced on the bus), history, read marks and unread counts,
 * and the access rule the realtime channel applies to its subscribers. Who may do what is groups/policy.ts.
 */
export function createMessagesService(
  repository: MessagesRepository,
  loadAccess: LoadGroupAccess,
  bus: Pick<EventBus, 'publishOnCommit'>,
  options: MessagesServiceOptions = {},
) {
  const { db } = repository;
  const isModerator = options.isModerator ?? (() => false);
  const announceMention = (message: Message, userIds: number[]) => {
    if (userIds.length > 0) options.onMention?.({ message, userIds });
  };

  /**
   * The users the message's `text` mentions who may read the group's board (members; anyone signed up for a
   * public group), never its author, and not told of this message before: each person is told once per
   * message, however often an edit names them again. Recorded in the same transaction as the text.
   */
  async function newlyMentioned(
    trx: Transaction<DB>,
    access: GroupAccess,
    authorId: number,
    messageId: number,
    text: string,
  ): Promise<number[]> {
    const ids = await repository.readersByLogin(
      trx,
      access.groupId,
      mentionedLogins(text),
      access.visibility === 'public',
    );
    return repository.recordMentions(
      trx,
      messageId,
      ids.filter((id) => id !== authorId),
    );
  }

  /**
   * An edit or a deletion: the group's access facts and the message (locked), then the policy with the message's
   * facts; then `change` in the same transaction, announced to every node when it commits.
   */
  async function changeMessage(
    action: 'edit-message' | 'delete-message',
    caller: Author,
    groupId: number,
    messageId: number,
    change: (
      trx: Transaction<DB>,
      row: { author_id: number | null; body: string; deleted_at: Date | null },
      access: GroupAccess,
      asModerator: boolean,
    ) => Promise<number[]>,
  ): Promise<Message> {
    const room = discussionRoom(groupId);
    const moderator = isModerator(caller.login);
    let mentioned: number[] = [];
    const announce = await db.transaction().execute(async (trx) => {
      const access = await loadAccess(trx, groupId, caller.id, 'key share');
      if (!access) throw noGroup(groupId);
      const row = await repository.lockMessage(trx, room, messageId);
      if (!row) {
        authorize('find-message', access, caller.id, { moderator });
        throw notFound(`There is no message ${messageId} on this board.`);
      }
      const allowed = authorize(action, access, caller.id, {
        ownsMessage: row.author_id === caller.id,
        moderator,
      });
      mentioned = await change(trx, row, access, allowed.asModerator === true);
      return bus.publishOnCommit(trx, { kind: 'message-changed', room, id: messageId });
    });
    announce();
    const changed = await repository.findById(db, messageId);
    if (!changed) throw notFound(`There is no message ${messageId} on this board.`);
    const message = toMessage(changed);
    announceMention(message, mentioned);
    return message;
  }

  /** The first step of every board action: load the group's access facts and ask the policy. */
  async function authorized(
    action: 'read-discussion' | 'post-message' | 'mark-read',
    executor: Executor,
    groupId: number,
    caller: Caller | null,
    lock: 'key share' | null = null,
  ): Promise<GroupAccess> {
    const access = await loadAccess(executor, groupId, caller?.id ?? null, lock);
    if (!access) throw noGroup(groupId);
    authorize(action, access, caller?.id ?? null);
    return access;
  }

  return {
    /**
     * Stores the message once per (author, clientId) and announces it when the transaction commits, so no node
     * hears of a message it cannot read yet, and none misses one that was stored. Sending the same clientId again
     * (a retry after a lost answer) answers the stored message and announces it again, which is harmless: nodes
     * push only rows they have not pushed.
     */
    async add(caller: Author, input: AddMessageRequest): Promise<Message> {
      const body = requireText(input.text, 'message');
      const room = discussionRoom(input.groupProjectId);
      let message: Message | undefined;
      let mentioned: number[] = [];
      const announce = await repository.roomTransaction(room).execute(async (trx) => {
        // The key share lock on the group's row: a deletion of the group in progress finishes first, and then
        // there is no group to post to; a post that got the lock first is deleted with the group. Taken before
        // the room's lock (the same order in every post; a deletion takes no room lock), so the room is held
        // only for the insert: posts to one room queue behind each other's insert, not each other's checks.
        const access = await authorized('post-message', trx, input.groupProjectId, caller, 'key share');
        await repository.lockRoom(trx, room);
        const inserted = await repository.insert(trx, {
          room,
          groupId: input.groupProjectId,
          authorId: caller.id,
          clientId: input.clientId,
          body,
        });
        if (inserted) {
          // The sender is the author: the answer needs no read back.
          message = {
            id: inserted.id,
            room,
            groupProjectId: input.groupProjectId,
            author: { id: caller.id, login: caller.login, avatarUrl: caller.avatarUrl },
            text: body,
            clientId: input.clientId,
            createdAt: inserted.created_at.toISOString(),
          };
          // Only a new message tells anyone: a retry of the same one has told them already.
          mentioned = await newlyMentioned(trx, access, caller.id, inserted.id, body);
        } else {
          const earlier = await repository.findByClientId(trx, caller.id, input.clientId);
          if (!earlier || earlier.room !== room || earlier.body !== body) {
            throw conflict('This message id was already used for another message. Send it with a new id.');
          }
          message = toMessage(earlier);
        }
        return bus.publishOnCommit(trx, { kind: 'message', room, id: message.id });
      });
      announce();
      if (!message) throw new Error('a committed message has no answer');
      announceMention(message, mentioned);
      return message;
    },

    /** The author replaces their message's text; "edited" shows from then on. Deleted messages stay deleted. */
    edit(caller: Author, input: EditMessageRequest): Promise<Message> {
      const body = requireText(input.text, 'message');
      return changeMessage(
        'edit-message',
        caller,
        input.groupProjectId,
        input.messageId,
        async (trx, row, access) => {
          if (row.deleted_at) throw conflict('This message was deleted: it can no longer be edited.');
          if (row.body === body) return [];
          await repository.edit(trx, input.messageId, body);
          return newlyMentioned(trx, access, caller.id, input.messageId, body);
        },
      );
    },

    /**
     * Deletes a message for good: its text is blanked in the database (the row stays, so ids, paging, read marks
     * and unread counts do not move) and it shows as deleted. A deletion that only moderating allows (the
     * policy's moderator rule) is audit-logged. Deleting a deleted message answers it as it is.
     */
    remove(caller: Author, input: DeleteMessageRequest): Promise<Message> {
      return changeMessage(
        'delete-message',
        caller,
        input.groupProjectId,
        input.messageId,
        async (trx, row, _access, asModerator) => {
          if (row.deleted_at) return [];
          await repository.markDeleted(trx, input.messageId, caller.id);
          // Only moderating allowed it (the policy says so): a moderator's act, for the audit log.
          if (asModerator) {
            await writeAudit(trx, {
              actor: caller,
              action: 'message.delete',
              objectType: 'message',
              objectId: input.messageId,
              details: { groupId: input.groupProjectId, authorId: row.author_id },
            });
          }
          return [];
        },
      );
    },

    async history(caller: Caller | null, query: MessageHistoryQuery): Promise<MessageHistoryResponse> {
      await authorized('read-discussion', db, query.groupProjectId, caller);
      const limit = query.limit ?? MESSAGE_PAGE_SIZE;
      // One more than asked tells whether an older page exists without counting.
      const rows = await repository.page(
        discussionRoom(query.groupProjectId),
        query.before ?? null,
        limit + 1,
      );
      return { data: rows.slice(0, limit).map(toMessage), hasOlder: rows.length > limit };
    },

    async markRead(caller: Caller, groupId: number, messageId: number) {
      await authorized('mark-read', db, groupId, caller);
      if (!(await repository.messageInRoom(discussionRoom(groupId), messageId))) {
        throw notFound(`There is no message ${messageId} on this board.`);
      }
      const lastRead = await repository.markRead(groupId, caller.id, messageId);
      if (lastRead === null) throw notFound('Only members keep a read mark on a group’s board.');
      return { groupProjectId: groupId, lastReadMessageId: lastRead };
    },

    async unread(caller: Caller): Promise<UnreadCount[]> {
      const rows = await repository.unreadCounts(caller.id);
      return rows.map((row) => ({
        groupProjectId: row.group_id,
        unreadCount: row.unread_count,
        latestMessageId: row.latest_message_id,
      }));
    },

    /** Whether this viewer may follow the group's board live: the same rule as reading its history. */
    async roomAccess(groupId: number, viewer: Caller | null): Promise<'allowed' | RoomClosedReason> {
      const access = await loadAccess(db, groupId, viewer?.id ?? null);
      if (!access) return 'not-found';
      return allows('read-discussion', access, viewer?.id ?? null) ? 'allowed' : 'forbidden';
    },

    /**
     * The same rule for many viewers of one group at once (a membership change re-checks every subscriber):
     * one query for the group, one for the roles.
     */
    async roomAccessMany(
      groupId: number,
      viewerIds: (number | null)[],
    ): Promise<(viewerId: number | null) => 'allowed' | RoomClosedReason> {
      const group = await loadAccess(db, groupId, null);
      if (!group) return () => 'not-found';
      const roles = await repository.rolesOf(
        groupId,
        viewerIds.filter((id): id is number => id !== null),
      );
      return (viewerId) => {
        // Reading a board depends on membership only, so members' roles are all a viewer needs beyond the group.
        const access: GroupAccess = {
          ...group,
          role: viewerId === null ? 'none' : (roles.get(viewerId) ?? 'none'),
        };
        return allows('read-discussion', access, viewerId) ? 'allowed' : 'forbidden';
      };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
