import type { Notification } from '@openlfg/contracts';

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
    default:
      return notification.groupProjectId === null ? null : `/group-projects/${notification.groupProjectId}`;
  }
}

/** An unread count as shown: the server counts up to 100, so "99+" above 99. */
export const formatUnread = (unreadCount: number) => (unreadCount >= 100 ? '99+' : String(unreadCount));

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(unreadCount: number | undefined): string {
  return unreadCount ? `Notifications, ${formatUnread(unreadCount)} unread` : 'Notifications';
}
