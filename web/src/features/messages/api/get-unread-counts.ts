import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useSession } from '../../../session/session-context';
import { getMessagesQueryKey } from './query-keys';

export function getUnreadCounts(signal?: AbortSignal) {
  return callApi('unreadCounts', {}, { signal });
}

export function getUnreadCountsQueryOptions() {
  return queryOptions({
    queryKey: [...getMessagesQueryKey(), 'unread'] as const,
    queryFn: ({ signal }) => getUnreadCounts(signal),
  });
}

/** Per group the signed-in user belongs to, how many messages they have not read. */
export function useUnreadCounts() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getUnreadCountsQueryOptions(), enabled: isLoggedIn });
}

/** How many unread messages a group has: 0 while the counts load or when they failed (a badge is a hint). */
export function useUnreadCount(groupProjectId: number): number {
  const { data } = useUnreadCounts();
  return data?.data.find((item) => item.groupProjectId === groupProjectId)?.unreadCount ?? 0;
}
