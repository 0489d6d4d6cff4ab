/**
 * The discussion board: HTTP bodies of /api/messages/* and the frames of the realtime WebSocket (/api/realtime).
 */
import { Type, type Static } from 'typebox';
import { CLIENT_MESSAGE_ID_PATTERN, MESSAGE_MAX_LENGTH, MESSAGE_PAGE_SIZE } from './board-constants.js';
import { GroupId, Text } from './schema-helpers.js';

const ProjectId = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const MessageId = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
/** `discussion-board-{groupProjectId}` (a group's board) or `project-room-{projectId}` (a project's room). */
const Room = Type.String({ pattern: '^(discussion-board|project-room)-[1-9][0-9]{0,15}$', maxLength: 40 });

export const MessageAuthor = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  /** Null when the author has no avatar (the web shows their initial) or their account is gone. */
  avatarUrl: Type.Union([Type.String(), Type.Null()]),
});
export type MessageAuthor = Static<typeof MessageAuthor>;

/** One message of a board. `id` rises within a room in the order messages were committed. */
export const Message = Type.Object({
  id: MessageId,
  room: Type.String(),
  /** The group whose board holds it; absent for a message in a project's room. */
  groupProjectId: Type.Optional(GroupId),
  /** The project whose room holds it; absent for a message on a group's board. */
  projectId: Type.Optional(ProjectId),
  author: MessageAuthor,
  /** Plain text: clients render it as text, never as HTML. */
  text: Type.String(),
  /** The id the sending client chose; lets the sender match its pending message to the stored one. */
  clientId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** When its author last edited it; absent if never. Clients show "edited". */
  editedAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** When it was deleted (by its author, the group's owner or a moderator): `text` is then empty for good. */
  deletedAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** The reader blocked its author (history answers only): clients fold it away behind "show". */
  authorBlocked: Type.Optional(Type.Literal(true)),
});
export type Message = Static<typeof Message>;

/** What a new message carries, on any board. */
const NewMessage = {
  clientId: Type.String({ pattern: CLIENT_MESSAGE_ID_PATTERN }),
  /** Trimmed by the server; empty after trimming is refused. */
  text: Text({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }),
};
/** A page of a board's history: only messages with a smaller id than `before` (the oldest already shown). */
const HistoryPage = {
  before: Type.Optional(MessageId),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MESSAGE_PAGE_SIZE })),
};

/** POST /api/messages/add-message. Sending the same clientId again stores the message once. */
export const AddMessageRequest = Type.Object(
  { groupProjectId: GroupId, ...NewMessage },
  { additionalProperties: false },
);
export type AddMessageRequest = Static<typeof AddMessageRequest>;
export const AddMessageResponse = Type.Object({ data: Message });
export type AddMessageResponse = Static<typeof AddMessageResponse>;

/** POST /api/messages/edit-message: its author replaces the text of their message (not a deleted one). */
export const EditMessageRequest = Type.Object(
  {
    groupProjectId: GroupId,
    messageId: MessageId,
    /** Trimmed by the server; empty after trimming is refused. */
    text: Text({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type EditMessageRequest = Static<typeof EditMessageRequest>;

/** POST /api/messages/delete-message: its author, the group's owner or a moderator deletes a message. */
export const DeleteMessageRequest = Type.Object(
  { groupProjectId: GroupId, messageId: MessageId },
  { additionalProperties: false },
);
export type DeleteMessageRequest = Static<typeof DeleteMessageRequest>;
/** Both answer the message as it now stands (deleted: no text, `deletedAt` set). */
export const ChangedMessageResponse = Type.Object({ data: Message });
export type ChangedMessageResponse = Static<typeof ChangedMessageResponse>;

/** POST /api/messages/latest-message: the newest message the caller has read on that board. */
export const LatestMessageRequest = Type.Object(
  { groupProjectId: GroupId, messageId: MessageId },
  { additionalProperties: false },
);
export type LatestMessageRequest = Static<typeof LatestMessageRequest>;
export const LatestMessageResponse = Type.Object({
  data: Type.Object({ groupProjectId: GroupId, lastReadMessageId: MessageId }),
});
export type LatestMessageResponse = Static<typeof LatestMessageResponse>;

/** GET /api/messages/history?groupProjectId=&before=: newest first; `before` pages to older messages. */
export const MessageHistoryQuery = Type.Object(
  { groupProjectId: GroupId, ...HistoryPage },
  { additionalProperties: false },
);
export type MessageHistoryQuery = Static<typeof MessageHistoryQuery>;
export const MessageHistoryResponse = Type.Object({
  /** Newest first. */
  data: Type.Array(Message),
  /** Whether older messages exist before the last one of `data`. */
  hasOlder: Type.Boolean(),
});
export type MessageHistoryResponse = Static<typeof MessageHistoryResponse>;

/** GET /api/messages/unread: per group the caller belongs to, messages newer than their last read one. */
export const UnreadCount = Type.Object({
  groupProjectId: GroupId,
  unreadCount: Type.Integer({ minimum: 0 }),
  latestMessageId: Type.Union([MessageId, Type.Null()]),
});
export type UnreadCount = Static<typeof UnreadCount>;
export const UnreadCountsResponse = Type.Object({ data: Type.Array(UnreadCount) });
export type UnreadCountsResponse = Static<typeof UnreadCountsResponse>;

/* ---------- A project's room: the same board, addressed by the project ---------- */

/** POST /api/project-rooms/add-message: anyone signed in posts in a project's room. */
export const AddRoomMessageRequest = Type.Object(
  { projectId: ProjectId, ...NewMessage },
  { additionalProperties: false },
);
export type AddRoomMessageRequest = Static<typeof AddRoomMessageRequest>;

/** POST /api/project-rooms/edit-message: its author edits their message. */
export const EditRoomMessageRequest = Type.Object(
  { projectId: ProjectId, messageId: MessageId, text: Text({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type EditRoomMessageRequest = Static<typeof EditRoomMessageRequest>;

/** POST /api/project-rooms/delete-message: its author or a moderator deletes a message. */
export const DeleteRoomMessageRequest = Type.Object(
  { projectId: ProjectId, messageId: MessageId },
  { additionalProperties: false },
);
export type DeleteRoomMessageRequest = Static<typeof DeleteRoomMessageRequest>;

/** GET /api/project-rooms/history?projectId=&before=: newest first, for anyone (the room is public). */
export const RoomHistoryQuery = Type.Object(
  { projectId: ProjectId, ...HistoryPage },
  { additionalProperties: false },
);
export type RoomHistoryQuery = Static<typeof RoomHistoryQuery>;

/* ---------- Realtime frames (JSON text frames on /api/realtime) ---------- */

/** The most issue ids one `issues-changed` frame (and bus event) carries: more go as several. */
export const ISSUES_CHANGED_MAX_IDS = 200;

/**
 * Client -> server. `subscribe` follows a room; with `afterId` (the last id the client saw in that room) the
 * server first replays every message after it, in order, then continues live. Without it, only new messages.
 */
export const SubscribeFrame = Type.Object(
  {
    type: Type.Literal('subscribe'),
    room: Room,
    /** 0 (nothing seen yet) up to the largest message id; larger numbers are refused before the database. */
    afterId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1 })),
    /**
     * Also send, as `message-changed`, the messages up to `afterId` edited or deleted after this time (ms since
     * 1970): a client resubscribing after a lost socket catches up on the changes it missed meanwhile.
     */
    changedSince: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1 })),
  },
  { additionalProperties: false },
);
export const UnsubscribeFrame = Type.Object(
  { type: Type.Literal('unsubscribe'), room: Room },
  { additionalProperties: false },
);
/** Follows the signed-in user's unread notification count (the bell's live count); `unfollow-` stops. */
export const FollowNotificationsFrame = Type.Object(
  { type: Type.Literal('follow-notifications') },
  { additionalProperties: false },
);
export const UnfollowNotificationsFrame = Type.Object(
  { type: Type.Literal('unfollow-notifications') },
  { additionalProperties: false },
);
/**
 * Follows changes to the stored issues (someone took one, it closed, a pull request links it): the finder and a
 * project's page reload the rows they show. Anonymous sockets may follow; `unfollow-` stops.
 */
export const FollowIssuesFrame = Type.Object(
  { type: Type.Literal('follow-issues') },
  { additionalProperties: false },
);
export const UnfollowIssuesFrame = Type.Object(
  { type: Type.Literal('unfollow-issues') },
  { additionalProperties: false },
);
export const ClientFrame = Type.Union([
  SubscribeFrame,
  UnsubscribeFrame,
  FollowNotificationsFrame,
  UnfollowNotificationsFrame,
  FollowIssuesFrame,
  UnfollowIssuesFrame,
]);
export type ClientFrame = Static<typeof ClientFrame>;

/** Why the server stopped or refused a room. */
export const RoomClosedReason = Type.Union([
  /** Not allowed to read this board (private group, not a member; or a hidden group). */
  Type.Literal('forbidden'),
  /** The group (or the project) no longer exists. */
  Type.Literal('not-found'),
  /** Too many rooms on one socket. */
  Type.Literal('too-many-rooms'),
]);
export type RoomClosedReason = Static<typeof RoomClosedReason>;

export const ServerFrame = Type.Union([
  /** The socket is authenticated (or anonymous: userId null) and ready. */
  Type.Object({ type: Type.Literal('ready'), userId: Type.Union([Type.Integer(), Type.Null()]) }),
  /** The room is followed; any replay follows this frame, then live messages. */
  /**
   * `at`: the server's time (ms since 1970) when the room was followed: every change after it reaches this
   * subscriber live, so a later resubscription asks only for changes since about then (`changedSince`).
   */
  Type.Object({ type: Type.Literal('subscribed'), room: Type.String(), at: Type.Optional(Type.Integer()) }),
  Type.Object({ type: Type.Literal('message'), message: Message }),
  /**
   * A message already sent was edited or deleted: the message as it now stands. It may reach a subscriber
   * before (or instead of) the message itself during a replay: clients keep whichever version is newest.
   */
  Type.Object({ type: Type.Literal('message-changed'), message: Message }),
  /** The server stopped (or refused) the room: left the group, group deleted or hidden, not allowed. */
  Type.Object({ type: Type.Literal('room-closed'), room: Type.String(), reason: RoomClosedReason }),
  /** A bad frame or a flood; the socket stays open unless the close code says otherwise. */
  Type.Object({ type: Type.Literal('error'), code: Type.String(), message: Type.String() }),
  Type.Object({ type: Type.Literal('heartbeat') }),
  /** The followed user's unread notification count: at follow, and whenever it changes. */
  Type.Object({ type: Type.Literal('notifications'), unreadCount: Type.Integer({ minimum: 0 }) }),
  /** To issue followers: these stored issues changed (their taken signal, their state), on any node. */
  Type.Object({
    type: Type.Literal('issues-changed'),
    issueIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: ISSUES_CHANGED_MAX_IDS }),
  }),
]);
export type ServerFrame = Static<typeof ServerFrame>;
