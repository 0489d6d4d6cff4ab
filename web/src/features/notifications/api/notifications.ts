import type { NotificationsResponse, UnreadNotificationsResponse } from '@openlfg/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { refreshesOnNotification } from '../../../lib/refresh-on-notification';
import { callApi } from '../../../lib/api';

/** How many the bell's dropdown shows; the page shows them all. */
export const BELL_LIMIT = 10;
const PAGE_LIMIT = 20;

/** Everything this feature caches sits under this prefix, so a mark can refresh it all. */
export const getNotificationsQueryKey = () => ['notifications'] as const;

export function getUnreadQueryOptions() {
  return queryOptions({
    queryKey: [...getNotificationsQueryKey(), 'unread'] as const,
    queryFn: ({ signal }) => callApi('unreadNotifications', {}, { signal }),
    // The socket pushes every change (useLiveUnreadCount); a refetch happens when it reconnects.
    staleTime: Infinity,
  });
}

export function getLatestQueryOptions() {
  return queryOptions({
    queryKey: [...getNotificationsQueryKey(), 'latest'] as const,
    queryFn: ({ signal }) => callApi('notifications', { query: { limit: BELL_LIMIT } }, { signal }),
  });
}

export function getAllQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...getNotificationsQueryKey(), 'all'] as const,
    queryFn: ({ pageParam, signal }) =>
      callApi(
        'notifications',
        { query: { limit: PAGE_LIMIT, ...(pageParam === undefined ? {} : { before: pageParam }) } },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: NotificationsResponse) => (last.hasOlder ? last.data.at(-1)?.id : undefined),
  });
}

export const useUnreadCount = (enabled: boolean) => useQuery({ ...getUnreadQueryOptions(), enabled });
export const useLatestNotifications = (enabled: boolean) => useQuery({ ...getLatestQueryOptions(), enabled });
export const useAllNotifications = () => useInfiniteQuery(getAllQueryOptions());

/**
 * A new unread count (pushed, or answered by a mark): stored at once; when it changed, the lists are stale
 * (a new notification, or one read elsewhere) and refetch when shown. When it grew, something happened that
 * a page on screen may show (a request to the owner's group, a member who left): what that page shows is
 * fetched again too (refresh-on-notification.ts).
 */
export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  const key = getUnreadQueryOptions().queryKey;
  const previous = queryClient.getQueryData<UnreadNotificationsResponse>(key);
  queryClient.setQueryData<UnreadNotificationsResponse>(key, { unreadCount });
  if (previous?.unreadCount !== unreadCount) {
    void queryClient.invalidateQueries({
      queryKey: getNotificationsQueryKey(),
      predicate: (query) => query.queryKey[1] !== 'unread',
    });
  }
  if (previous !== undefined && unreadCount > previous.unreadCount) {
    void queryClient.invalidateQueries({ predicate: refreshesOnNotification });
  }
}

/** Marks one notification read (`notificationId`) or all of them (no id). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId?: number) =>
      notificationId === undefined
        ? callApi('markAllNotificationsRead', { body: {} })
        : callApi('markNotificationRead', { body: { notificationId } }),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(getUnreadQueryOptions().queryKey, { unreadCount });
      return queryClient.invalidateQueries({
        queryKey: getNotificationsQueryKey(),
        predicate: (query) => query.queryKey[1] !== 'unread',
      });
    },
  });
}
