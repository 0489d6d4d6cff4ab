import type { Notification } from '@openlfg/contracts';
import { Link } from 'react-router';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatRelativeTime } from '../../../lib/format';
import { notificationLink, notificationText } from '../notification-text';
import styles from '../notifications.module.css';

export interface NotificationItemProps {
  notification: Notification;
  /** Marks it read: when its link is followed, or with its own button when it has no link. */
  onRead: (notificationId: number) => void;
  /** Following the link closes the dropdown it is in. */
  onNavigate?: () => void;
}

/** One notification: its sentence (a link to its object when there is one), the note, and when. */
export function NotificationItem({ notification, onRead, onNavigate }: NotificationItemProps) {
  const unread = notification.readAt === null;
  const text = notificationText(notification);
  const link = notificationLink(notification);
  return (
    <li className={unread ? `${styles.item} ${styles.unread}` : styles.item}>
      <span className={styles.body}>
        {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
        {link ? (
          <Link
            to={link}
            className={styles.text}
            onClick={() => {
              if (unread) onRead(notification.id);
              onNavigate?.();
            }}
          >
            {text}
          </Link>
        ) : (
          <span className={styles.text}>{text}</span>
        )}
        {notification.note && notification.kind !== 'group-invited' ? (
          <span className={styles.note}>“{notification.note}”</span>
        ) : null}
        <span className={styles.time}>{formatRelativeTime(notification.createdAt)}</span>
      </span>
      {unread && !link ? (
        <button type="button" className={styles.markRead} onClick={() => onRead(notification.id)}>
          Mark read<VisuallyHidden>: {text}</VisuallyHidden>
        </button>
      ) : null}
    </li>
  );
}
