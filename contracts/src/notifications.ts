/**
 * In-app notifications: the bodies of /api/notifications/* and the owner's note on a decided join request.
 */
import { Type, type Static } from 'typebox';
import { DECISION_NOTE_MAX } from './group-constants.js';
import { Nullable, Text } from './schema-helpers.js';

/** How many notifications a page holds at most (the bell shows the first 10). */
export const NOTIFICATION_PAGE_MAX = 50;
/** Notifications are kept this long, then pruned. */
export const NOTIFICATION_KEEP_DAYS = 90;
/** Decided join requests stay on "My requests" this long. */
export const DECIDED_REQUEST_KEEP_DAYS = 30;
/** The unread count stops at this (the bell shows "99+" above 99). */
export const NOTIFICATION_UNREAD_CAP = 100;

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });

/** What happened. Each kind names its recipients (see docs/boards-and-notifications.md, "Notifications"). */
export const NotificationKind = Type.Union([
  /** Someone asked to join my private group (to the owner). */
  Type.Literal('join-requested'),
  /** My request to join was approved / declined (to the requester; `note` is the owner's). */
  Type.Literal('request-approved'),
  Type.Literal('request-declined'),
  /** Someone joined (an open group, or by an invite link) / left my group (to the owner). */
  Type.Literal('member-joined'),
  Type.Literal('member-left'),
  /** A moderator hid / restored / deleted my group (to the owner; `note` is the moderator's reason). */
  Type.Literal('group-hidden'),
  Type.Literal('group-restored'),
  Type.Literal('group-deleted'),
  /** A moderator approved / rejected my request to add a project (to its requesters; `note` is the reason). */
  Type.Literal('project-request-approved'),
  Type.Literal('project-request-rejected'),
  /** The owner removed me from their group (to the removed member; `note` is the owner's reason). */
  Type.Literal('member-removed'),
  /** The owner lifted my removal from their group: I may join again (to the person allowed back). */
  Type.Literal('allowed-back'),
  /** The owner handed their group to me (to the new owner). */
  Type.Literal('ownership-received'),
  /** Someone mentioned me on a board I can read (to the mentioned; the group's title is the subject). */
  Type.Literal('mentioned'),
  /** Someone mentioned me in a project's room (to the mentioned; the project's owner/name is the subject). */
  Type.Literal('room-mentioned'),
  /** Someone asked the mentors of a project a question in its room (to each mentor; subject: owner/name). */
  Type.Literal('mentor-asked'),
  /** New issues matched one of my alerts (to its owner; the alert's name is the subject; at most one an hour). */
  Type.Literal('new-issues'),
  /** A group's owner invited me (to the invited; `note` is the invite link's path, /invite/...). */
  Type.Literal('group-invited'),
]);
export type NotificationKind = Static<typeof NotificationKind>;

export const Notification = Type.Object({
  id: Id,
  kind: NotificationKind,
  /** Who did it; null for a moderator's action (moderators act as "a moderator") or a deleted account. */
  actor: Nullable(Type.Object({ login: Type.String(), avatarUrl: Nullable(Type.String()) })),
  groupProjectId: Nullable(Type.Integer()),
  projectRequestId: Nullable(Type.Integer()),
  /** The message it leads to, when it is about one in a project's room. */
  messageId: Type.Optional(Nullable(Type.Integer())),
  /** A new-issues alert's: how many new issues it tells of, and the finder's query showing them ('?…'). */
  issueCount: Type.Optional(Type.Integer({ minimum: 1 })),
  finderQuery: Type.Optional(Type.String()),
  /** The group's title or the repository's owner/name when it happened. */
  subject: Type.String(),
  /** The owner's note or the moderator's reason, when there is one. */
  note: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  /** Null while unread. */
  readAt: Nullable(Type.String({ format: 'date-time' })),
});
export type Notification = Static<typeof Notification>;

/** GET /api/notifications?before=&limit=: the caller's notifications, newest first. */
export const NotificationsQuery = Type.Object(
  {
    /** Only notifications with a smaller id (the last id of the page already shown). */
    before: Type.Optional(Id),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTIFICATION_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type NotificationsQuery = Static<typeof NotificationsQuery>;
export const NotificationsResponse = Type.Object({
  data: Type.Array(Notification),
  /** Whether older notifications exist after the last one of `data`. */
  hasOlder: Type.Boolean(),
});
export type NotificationsResponse = Static<typeof NotificationsResponse>;

/** The caller's unread count (capped at NOTIFICATION_UNREAD_CAP): the answer of the count and both marks. */
export const UnreadNotificationsResponse = Type.Object({
  unreadCount: Type.Integer({ minimum: 0, maximum: NOTIFICATION_UNREAD_CAP }),
});
export type UnreadNotificationsResponse = Static<typeof UnreadNotificationsResponse>;

/** POST /api/notifications/read: marks one of the caller's notifications read. */
export const MarkNotificationReadBody = Type.Object({ notificationId: Id }, { additionalProperties: false });
export type MarkNotificationReadBody = Static<typeof MarkNotificationReadBody>;

/** POST /api/notifications/read-all: nothing to send (the web client sends `{}`). */
export const MarkAllNotificationsReadBody = Type.Object({}, { additionalProperties: false });

/** The optional note an owner adds when approving or declining (trimmed; blank is none). */
export const DecisionNote = Text({ maxLength: DECISION_NOTE_MAX });
