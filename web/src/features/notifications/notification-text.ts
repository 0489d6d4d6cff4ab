export { notificationLink, notificationText } from '@openlfg/contracts';

/** An unread count as shown: the server counts up to 100, so "99+" above 99. */
export const formatUnread = (unreadCount: number) => (unreadCount >= 100 ? '99+' : String(unreadCount));

/** The bell's accessible name: "Notifications, 3 unread". */
export function bellLabel(unreadCount: number | undefined): string {
  return unreadCount ? `Notifications, ${formatUnread(unreadCount)} unread` : 'Notifications';
}
