import {
  mentionedLogins,
  MESSAGE_PAGE_SIZE,
  type AddMessageRequest,
  type AddRoomMessageRequest,
  type DeleteMessageRequest,
  type DeleteRoomMessageRequest,
  type EditMessageRequest,
  type EditRoomMessageRequest,
  type Message,
  type MessageHistoryQuery,
  type MessageHistoryResponse,
  type RoomClosedReason,
  type RoomHistoryQuery,
  type UnreadCount,
} from '@openlfg/contracts';
import { authorize, type GroupAccess } from '../groups/policy.js';
import {
  allowsRoom,
  authorizeRoom,
  type ProjectAccess,
  type RoomAccess,
  type RoomAction,
  type RoomRef,
} from '../groups/policy-rooms.js';
import { mayReach } from '../groups/policy-people.js';
import { requireText } from '../groups/input.js';
import type { EventBus } from '../platform/bus/index.js';
import { writeAudit } from '../platform/db/audit-log.js';
import { conflict, notFound } from '../platform/http/errors.js';
import { toMessage } from './presenters.js';
import type { MessagesRepository } from './repository.js';
import {
  noSuchBoard,
  roomAccessLoader,
  roomName,
  type LoadGroupAccess,
  type LoadProjectAccess,
} from './room-access.js';
import type { Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

export type { LoadGroupAccess, LoadProjectAccess } from './room-access.js';

interface Caller {
  id: number;
}

/** The signed-in sender, as the session knows them. */
interface Author extends Caller {
  login: string;
  avatarUrl: string | null;
}

/** A committed message that names people who may read its board (never its author): who to tell. */
export interface Mention {
  message: Message;
  userIds: number[];
  /** The project, for a message in a project's room (its notification names the project). */
  project?: ProjectAccess;
}

export interface MessagesServiceOptions {
  /** Whether this login is a moderator of the site (ADMIN_LOGINS, accounts/authentication.ts): they delete any message. */
  isModerator?: (login: string) => boolean;
  /** Called after the commit of a message (or an edit) that mentions someone it has not told yet; notifications listen. */
  onMention?: (mention: Mention) => void;
  /** The projects' access loader, for projects' rooms; without it there are only groups' boards. */
  loadProjectAccess?: LoadProjectAccess;
}

/**
 * What another feature does inside the transaction that stores a new message (not a retry): the mentors
 * count a question and tell the mentors with it, so the three commit or roll back together. Its answer runs
 * after the commit (a notification's push).
 */
export type OnStored = (trx: Transaction<DB>, message: Message) => Promise<() => void>;

/** A board's input names its group (`groupProjectId`) or its project (`projectId`). */
type BoardInput = { groupProjectId: number } | { projectId: number };
const refOf = (input: BoardInput): RoomRef =>
  'projectId' in input
    ? { kind: 'project', id: input.projectId }
    : { kind: 'group', id: input.groupProjectId };

const noBoard = (ref: RoomRef) => notFound(noSuchBoard(ref));

/**
 * The discussion boards, a group's or a project's room (one implementation): posting (stored, then announced
 * on the bus), history, read marks and unread counts (groups' boards), and the access rule the realtime
 * channel applies to its subscribers. Who may do what is groups/policy.ts, reached through one loader and one
 * `authorizeRoom` for both kinds of board.
 */
export function createMessagesService(
  repository: MessagesRepository,
  loadGroupAccess: LoadGroupAccess,
  bus: Pick<EventBus, 'publishOnCommit' | 'notifyExpression'>,
  options: MessagesServiceOptions = {},
) {
  const { db } = repository;
  const isModerator = options.isModerator ?? (() => false);
  const loadAccess = roomAccessLoader(loadGroupAccess, options.loadProjectAccess ?? (async () => null));
  const announceMention = (message: Message, userIds: number[], access: RoomAccess) => {
    if (userIds.length === 0) return;
    options.onMention?.({
      message,
      userIds,
      ...(access.kind === 'project' ? { project: access.project } : {}),
    });
  };

  /**
   * The users the message's `text` mentions who may read the board (a private group's members; anyone signed
   * up for a public group or a project's room), never its author, and not told of this message before: each
   * person is told once per message, however often an edit names them again. Recorded with the text.
   */
  async function newlyMentioned(
    trx: Transaction<DB>,
    access: RoomAccess,
    authorId: number,
    messageId: number,
    text: string,
  ): Promise<number[]> {
    // Every mention starts with "@": a text without one names nobody (most posts), and is not parsed.
    if (!text.includes('@')) return [];
    const membersOf =
      access.kind === 'group' && access.group.visibility !== 'public' ? access.group.groupId : null;
    const ids = await repository.readersByLogin(trx, mentionedLogins(text), membersOf);
    return repository.recordMentions(
      trx,
      messageId,
      ids.filter((id) => id !== authorId),
    );
  }

  /**
   * An edit or a deletion: the board's access facts and the message (locked), then the policy with the message's
   * facts; then `change` in the same transaction, announced to every node when it commits.
   */
  async function changeMessage(
    action: 'edit-message' | 'delete-message',
    caller: Author,
    ref: RoomRef,
    messageId: number,
    change: (
      trx: Transaction<DB>,
      row: { author_id: number | null; body: string; deleted_at: Date | null },
      access: RoomAccess,
      asModerator: boolean,
    ) => Promise<number[]>,
  ): Promise<Message> {
    const room = roomName(ref);
    const moderator = isModerator(caller.login);
    let mentioned: number[] = [];
    let loaded: RoomAccess | undefined;
    const announce = await db.transaction().execute(async (trx) => {
      const access = await loadAccess(trx, ref, caller.id, 'key share');
      if (!access) throw noBoard(ref);
      loaded = access;
      const row = await repository.lockMessage(trx, room, messageId);
      if (!row) {
        authorizeRoom('find-message', access, caller.id, { moderator });
        throw notFound(`There is no message ${messageId} on this board.`);
      }
      const allowed = authorizeRoom(action, access, caller.id, {
        ownsMessage: row.author_id === caller.id,
        moderator,
      });
      mentioned = await change(trx, row, access, allowed.asModerator === true);
      return bus.publishOnCommit(trx, { kind: 'message-changed', room, id: messageId });
    });
    announce();
    const changed = await repository.findById(db, messageId);
    if (!changed || !loaded) throw notFound(`There is no message ${messageId} on this board.`);
    const message = toMessage(changed);
    announceMention(message, mentioned, loaded);
    return message;
  }

  /** The first step of every board action: load the board's access facts and ask the policy. */
  async function authorized(
    action: RoomAction,
    executor: Parameters<LoadGroupAccess>[0],
    ref: RoomRef,
    caller: Caller | null,
    lock: 'key share' | null = null,
  ): Promise<RoomAccess> {
    const access = await loadAccess(executor, ref, caller?.id ?? null, lock);
    if (!access) throw noBoard(ref);
    authorizeRoom(action, access, caller?.id ?? null);
    return access;
  }

  const service = {
    /**
     * Stores the message once per (author, clientId) and announces it when the transaction commits, so no node
     * hears of a message it cannot read yet, and none misses one that was stored. Sending the same clientId again
     * (a retry after a lost answer) answers the stored message and announces it again, which is harmless: nodes
     * push only rows they have not pushed. `onStored` runs in the storing transaction of a new message only.
     */
    async add(
      caller: Author,
      input: AddMessageRequest | AddRoomMessageRequest,
      onStored?: OnStored,
    ): Promise<Message> {
      const body = requireText(input.text, 'message');
      const ref = refOf(input);
      const room = roomName(ref);
      let message: Message | undefined;
      let mentioned: number[] = [];
      let loaded: RoomAccess | undefined;
      let afterCommit: () => void = () => {};
      const announce = await repository.roomTransaction(room).execute(async (trx) => {
        // The key share lock on the group's (or project's) row: a deletion in progress finishes first, and then
        // there is no board to post to; a post that got the lock first is deleted with it. Taken before the
        // room's lock (the same order in every post; a deletion takes no room lock), which the insert takes, so
        // the room is held from the insert to the commit: posts to one room queue behind each other's insert,
        // not each other's checks.
        const access = await authorized('post-message', trx, ref, caller, 'key share');
        loaded = access;
        // On PostgreSQL the insert also sends the announcement (at commit): no statement of its own.
        const inserted = await repository.insert(
          trx,
          {
            room,
            ...(ref.kind === 'group' ? { groupId: ref.id } : { projectId: ref.id }),
            authorId: caller.id,
            clientId: input.clientId,
            body,
          },
          bus.notifyExpression,
        );
        if (inserted) {
          // The sender is the author: the answer needs no read back.
          message = {
            id: inserted.id,
            room,
            ...(ref.kind === 'group' ? { groupProjectId: ref.id } : { projectId: ref.id }),
            author: { id: caller.id, login: caller.login, avatarUrl: caller.avatarUrl },
            text: body,
            clientId: input.clientId,
            createdAt: inserted.created_at.toISOString(),
          };
          // Only a new message tells anyone: a retry of the same one has told them already.
          mentioned = await newlyMentioned(trx, access, caller.id, inserted.id, body);
          if (onStored) afterCommit = await onStored(trx, message);
        } else {
          const earlier = await repository.findByClientId(trx, caller.id, input.clientId);
          if (!earlier || earlier.room !== room || earlier.body !== body) {
            throw conflict('This message id was already used for another message. Send it with a new id.');
          }
          message = toMessage(earlier);
        }
        if (inserted?.announced) return () => {};
        return bus.publishOnCommit(trx, { kind: 'message', room, id: message.id });
      });
      announce();
      afterCommit();
      if (!message || !loaded) throw new Error('a committed message has no answer');
      announceMention(message, mentioned, loaded);
      return message;
    },

    /** The author replaces their message's text; "edited" shows from then on. Deleted messages stay deleted. */
    edit(caller: Author, input: EditMessageRequest | EditRoomMessageRequest): Promise<Message> {
      const body = requireText(input.text, 'message');
      return changeMessage(
        'edit-message',
        caller,
        refOf(input),
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
    remove(caller: Author, input: DeleteMessageRequest | DeleteRoomMessageRequest): Promise<Message> {
      const ref = refOf(input);
      return changeMessage(
        'delete-message',
        caller,
        ref,
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
              details: {
                ...(ref.kind === 'group' ? { groupId: ref.id } : { projectId: ref.id }),
                authorId: row.author_id,
              },
            });
          }
          return [];
        },
      );
    },

    async history(
      caller: Caller | null,
      query: MessageHistoryQuery | RoomHistoryQuery,
    ): Promise<MessageHistoryResponse> {
      const ref = refOf(query);
      await authorized('read-discussion', db, ref, caller);
      const limit = query.limit ?? MESSAGE_PAGE_SIZE;
      // One more than asked tells whether an older page exists without counting.
      const rows = await repository.page(roomName(ref), query.before ?? null, limit + 1);
      const data = rows.slice(0, limit).map(toMessage);
      if (caller) {
        // What someone the reader blocked wrote is still there, folded away (the policy's `show-message`).
        const blocked = await repository.blockedAmong(
          caller.id,
          data.map((message) => message.author.id),
        );
        for (const message of data) {
          if (!mayReach('show-message', message.author.id, { blockedByThem: blocked.has(message.author.id) }))
            message.authorBlocked = true;
        }
      }
      return { data, hasOlder: rows.length > limit };
    },

    async markRead(caller: Caller, groupId: number, messageId: number) {
      // Read marks are a group's members': a project's room keeps none.
      const ref: RoomRef = { kind: 'group', id: groupId };
      const access = await loadGroupAccess(db, groupId, caller.id);
      if (!access) throw noBoard(ref);
      authorize('mark-read', access, caller.id);
      if (!(await repository.messageInRoom(roomName(ref), messageId))) {
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

    /** Whether this viewer may follow the board live: the same rule as reading its history. */
    async roomAccess(ref: RoomRef, viewer: Caller | null): Promise<'allowed' | RoomClosedReason> {
      const access = await loadAccess(db, ref, viewer?.id ?? null);
      if (!access) return 'not-found';
      return allowsRoom('read-discussion', access, viewer?.id ?? null) ? 'allowed' : 'forbidden';
    },

    /**
     * The same rule for many viewers of one board at once (a membership change re-checks every subscriber):
     * one query for the board, one for the roles.
     */
    async roomAccessMany(
      ref: RoomRef,
      viewerIds: (number | null)[],
    ): Promise<(viewerId: number | null) => 'allowed' | RoomClosedReason> {
      const board = await loadAccess(db, ref, null);
      if (!board) return () => 'not-found';
      // A project's room is the same for every viewer: whoever may read it as nobody may read it as anyone.
      if (board.kind === 'project') return () => 'allowed';
      const group = board.group;
      const roles = await repository.rolesOf(
        group.groupId,
        viewerIds.filter((id): id is number => id !== null),
      );
      return (viewerId) => {
        // Reading a board depends on membership only, so members' roles are all a viewer needs beyond the group.
        const access: GroupAccess = {
          ...group,
          role: viewerId === null ? 'none' : (roles.get(viewerId) ?? 'none'),
        };
        return allowsRoom('read-discussion', { kind: 'group', group: access }, viewerId)
          ? 'allowed'
          : 'forbidden';
      };
    },
  };
  return service;
}

export type MessagesService = ReturnType<typeof createMessagesService>;
