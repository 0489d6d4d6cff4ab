import type { Notification } from '@openlfg/contracts';
import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { NotificationItem } from './NotificationItem';
import styles from '../notifications.module.css';

export interface NotificationListProps {
  state: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  notifications: Notification[];
  onRead: (notificationId: number) => void;
  onNavigate?: () => void;
}

/** The loading, error and empty states of a list of notifications, and the list itself. */
export function NotificationList({ state, notifications, onRead, onNavigate }: NotificationListProps) {
  if (state.isPending) {
    return (
      <div className={styles.state}>
        <Spinner label="Loading notifications" />
      </div>
    );
  }
  if (state.isError) {
    return (
      <ErrorState
        title="Your notifications could not be loaded."
        message={errorMessage(state.error, 'Check your connection and try again.')}
        onRetry={() => void state.refetch()}
        retrying={state.isFetching}
      />
    );
  }
  if (notifications.length === 0) {
    return (
      <p className={styles.state}>
        No notifications yet. Requests, answers and changes to your groups show up here.
      </p>
    );
  }
  return (
    <ul className={styles.list} aria-label="Notifications">
      {notifications.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          onRead={onRead}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  );
}
