import type { Notification } from './notifications.js';

/*
 * What a notification says and where it leads, shared by the web's bell and the digest mail so both tell
 * the same thing in the same words.
 */

/** Who did it, as the sentence names them. */
const who = (notification: Notification) => notification.actor?.login ?? 'Someone';

/** One short, human sentence per notification: "alice approved your request to join Rust CLI". */
export function notificationText(notification: Notification): string {
  const { subject } = notification;
  switch (notification.kind) {
    case 'join-requested':
      return `${who(notification)} asked to join ${subject}`;
    case 'request-approved':
      return `${who(notification)} approved your request to join ${subject}`;
    case 'request-declined':
      return `${who(notification)} declined your request to join ${subject}`;
    case 'member-joined':
      return `${who(notification)} joined ${subject}`;
    case 'member-left':
      return `${who(notification)} left ${subject}`;
    case 'group-hidden':
      return `A moderator hid your group ${subject}`;
    case 'group-restored':
      return `A moderator restored your group ${subject}`;
    case 'group-deleted':
      return `A moderator deleted your group ${subject}`;
    case 'project-request-approved':
      return `A moderator added ${subject} to the catalogue`;
    case 'project-request-rejected':
      return `A moderator turned down your request to add ${subject}`;
    case 'member-removed':
      return `${who(notification)} removed you from ${subject}`;
    case 'allowed-back':
      return `${who(notification)} allowed you back: you can join ${subject} again`;
    case 'ownership-received':
      return `${who(notification)} made you the owner of ${subject}`;
    case 'mentioned':
      return `${who(notification)} mentioned you on the board of ${subject}`;
    case 'room-mentioned':
      return `${who(notification)} mentioned you in the room of ${subject}`;
    case 'mentor-asked':
      return `${who(notification)} asked the mentors of ${subject} a question`;
    case 'new-issues': {
      const count = notification.issueCount ?? 1;
      return `${count} new ${count === 1 ? 'issue' : 'issues'} like '${subject}'`;
    }
    case 'group-invited':
      return `${who(notification)} invited you to join ${subject}`;
  }
}

/** Where a notification leads, or null when its object is gone (a deleted group, a declined project). */
export function notificationLink(notification: Notification): string | null {
  switch (notification.kind) {
    case 'group-deleted':
    case 'project-request-rejected':
      return null;
    case 'project-request-approved':
      return `/?q=${encodeURIComponent(notification.subject)}`;
    case 'new-issues':
      return `/issues${notification.finderQuery ?? ''}`;
    case 'room-mentioned':
    case 'mentor-asked':
      return projectRoomLink(notification.subject, notification.messageId ?? null);
    case 'group-invited':
      return notification.note?.startsWith('/invite/')
        ? notification.note
        : `/group-projects/${notification.groupProjectId}`;
    case 'mentioned':
      return notification.groupProjectId === null
        ? null
        : `/group-projects/${notification.groupProjectId}#discussion`;
    default:
      return notification.groupProjectId === null ? null : `/group-projects/${notification.groupProjectId}`;
  }
}

/** A message in a project's room: the project's page, at the message (`subject` is the project's owner/name). */
export function projectRoomLink(fullName: string, messageId: number | null): string {
  const [owner = '', name = ''] = fullName.split('/');
  const page = `/projects/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
  return messageId === null ? `${page}#room` : `${page}#message-${messageId}`;
}
