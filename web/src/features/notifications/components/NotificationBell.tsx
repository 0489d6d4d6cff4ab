import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toastError } from '../../../lib/error-message';
import { useLatestNotifications, useMarkRead, useUnreadCount } from '../api/notifications';
import { bellLabel, formatUnread } from '../notification-text';
import { useLiveUnreadCount } from '../use-live-unread-count';
import { NotificationList } from './NotificationList';
import styles from '../notifications.module.css';

/**
 * The bell in the navigation bar, for signed-in users: the unread count, live, and a dropdown of the latest
 * notifications with "Mark all read" and "See all". Escape or a click elsewhere closes the dropdown; Escape
 * puts focus back on the bell.
 */
export function NotificationBell() {
  const panelId = useId();
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  // Following a link (a new location) closes it.
  const open = openAt === location.key;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unread = useUnreadCount(true);
  useLiveUnreadCount(unread.isSuccess);
  const latest = useLatestNotifications(open);
  const markRead = useMarkRead();
  const unreadCount = unread.data?.unreadCount ?? 0;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const read = (notificationId?: number) =>
    markRead.mutate(notificationId, {
      onError: (error) => toastError(error, 'Could not mark it read, please try again.'),
    });

  return (
    <div
      ref={wrapperRef}
      className={styles.bell}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpenAt(null);
        buttonRef.current?.focus();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={bellLabel(unreadCount)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {unreadCount > 0 ? (
          <span className={styles.count} aria-hidden="true">
            {formatUnread(unreadCount)}
          </span>
        ) : null}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} role="region" aria-label="Notifications">
        <div className={styles.header}>
          <span className={styles.heading}>Notifications</span>
          <button
            type="button"
            className={styles.headerAction}
            disabled={unreadCount === 0 || markRead.isPending}
            onClick={() => read()}
          >
            Mark all read
          </button>
        </div>
        {open ? (
          <NotificationList
            state={latest}
            notifications={latest.data?.data ?? []}
            onRead={read}
            onNavigate={() => setOpenAt(null)}
          />
        ) : null}
        <Link to="/notifications" className={styles.seeAll}>
          See all
        </Link>
      </div>
    </div>
  );
}
