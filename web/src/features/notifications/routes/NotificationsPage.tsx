import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import buttons from '../../../components/buttons.module.css';
import { toastError } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginButton } from '../../../session/components/LoginButton';
import { useSession } from '../../../session/session-context';
import { useAllNotifications, useMarkRead, useUnreadCount } from '../api/notifications';
import { NotificationList } from '../components/NotificationList';
import styles from '../notifications.module.css';

/** /notifications: every notification of the last 90 days, newest first, a page at a time. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { isLoggedIn, isLoginLoading } = useSession();
  return (
    <>
      <PageHeader title="Notifications">
        Requests to join your groups, answers to yours, and what happened to your groups, for 90 days.{' '}
        <Link to="/settings/email">Get them by email</Link>
      </PageHeader>
      {isLoginLoading ? (
        <Spinner />
      ) : isLoggedIn ? (
        <AllNotifications />
      ) : (
        <section className={styles.page}>
          <p>Sign in to see your notifications.</p>
          <LoginButton returnTo="/notifications" />
        </section>
      )}
    </>
  );
}

function AllNotifications() {
  const all = useAllNotifications();
  const unread = useUnreadCount(true);
  const markRead = useMarkRead();
  const read = (notificationId?: number) =>
    markRead.mutate(notificationId, {
      onError: (error) => toastError(error, 'Could not mark it read, please try again.'),
    });
  const notifications = all.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section className={styles.page} aria-label="All notifications">
      <div className={styles.pageActions}>
        <button
          type="button"
          className={buttons.action}
          disabled={!unread.data?.unreadCount || markRead.isPending}
          onClick={() => read()}
        >
          Mark all read
        </button>
      </div>
      <NotificationList state={all} notifications={notifications} onRead={read} />
      {all.hasNextPage ? (
        <div className={styles.pageActions}>
          <button
            type="button"
            className={buttons.action}
            disabled={all.isFetchingNextPage}
            onClick={() => void all.fetchNextPage()}
          >
            {all.isFetchingNextPage ? 'Loading…' : 'Show older'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
