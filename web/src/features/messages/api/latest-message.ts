import type { LatestMessageRequest, UnreadCountsResponse } from '@openlfg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../../lib/api';
import { getUnreadCountsQueryOptions } from './get-unread-counts';

export function recordLatestMessage(body: LatestMessageRequest) {
  return callApi('markRead', { body });
}

/**
 * Records the newest message the user has seen on a board, and zeroes that group's unread count at once.
 * Failures are swallowed, as the spec says: the count is only a hint and the next read records it again.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useCallback(
    (body: LatestMessageRequest) => {
      queryClient.setQueryData<UnreadCountsResponse>(getUnreadCountsQueryOptions().queryKey, (old) =>
        old
          ? {
              data: old.data.map((item) =>
                item.groupProjectId === body.groupProjectId ? { ...item, unreadCount: 0 } : item,
              ),
            }
          : old,
      );
      recordLatestMessage(body)
        // A list that refetched while this was on its way still counts the message: ask again.
        .then(() => queryClient.invalidateQueries({ queryKey: getUnreadCountsQueryOptions().queryKey }))
        .catch(() => undefined);
    },
    [queryClient],
  );
}
