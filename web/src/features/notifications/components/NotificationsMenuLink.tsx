import { Link } from 'react-router';
import { useSession } from '../../../session/session-context';
import { useUnreadCount } from '../api/notifications';
import { bellLabel, formatUnread } from '../notification-text';
import styles from './NotificationsMenuLink.module.css';

/**
 * The mobile menu's way to the notifications, for signed-in users, with the unread count the bell keeps live
 * (the bell stays in the bar on phones too).
 */
export function NotificationsMenuLink({
  className,
  onNavigate,
}: {
  className?: string;
  onNavigate: () => void;
}) {
  const { isLoggedIn } = useSession();
  const unread = useUnreadCount(isLoggedIn);
  if (!isLoggedIn) return null;
  const count = unread.data?.unreadCount ?? 0;
  return (
    <Link to="/notifications" className={className} aria-label={bellLabel(count)} onClick={onNavigate}>
      Notifications
      {count > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {formatUnread(count)}
        </span>
      ) : null}
    </Link>
  );
}
