import { formatCount } from '../../../lib/format';
import { useUnreadCount } from '../api/get-unread-counts';
import styles from './UnreadBadge.module.css';

/** "3 unread" on one of the user's groups; nothing when they have read everything (or the counts failed). */
export function UnreadBadge({ groupProjectId }: { groupProjectId: number }) {
  const count = useUnreadCount(groupProjectId);
  if (count === 0) return null;
  return <span className={styles.badge}>{formatCount(count)} unread</span>;
}
