import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getRealtimeConnection } from '../../realtime/connection';
import { useRealtimeSession } from '../../realtime/use-realtime';
import { setUnreadCount } from './api/notifications';

/**
 * Keeps the unread count live while mounted and `enabled`: the tab's realtime socket follows the user's
 * notifications and each pushed count replaces the cached one (a change also marks the lists stale). The
 * socket is the boards' own, opened now if no board has, and speaks for the current session
 * (useRealtimeSession). The bell enables it once its first count has loaded: a pushed count then never
 * arrives before the HTTP answer it would be overwritten by, and a user whose count cannot be read (the API
 * is away) opens no socket.
 */
export function useLiveUnreadCount(enabled: boolean): void {
  const queryClient = useQueryClient();
  useRealtimeSession();
  useEffect(() => {
    if (!enabled) return;
    return getRealtimeConnection().followNotifications((count) => setUnreadCount(queryClient, count));
  }, [queryClient, enabled]);
}
