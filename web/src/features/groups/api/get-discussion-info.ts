import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from './query-keys';

export function getDiscussionInfo(groupProjectId: number, signal?: AbortSignal) {
  return callApi('discussionInfo', { body: { groupProjectId } }, { signal });
}

export function getDiscussionInfoQueryOptions(groupProjectId: number) {
  return queryOptions({
    queryKey: [...getGroupsQueryKey(), 'discussion', groupProjectId] as const,
    queryFn: ({ signal }) => getDiscussionInfo(groupProjectId, signal),
  });
}

/** How long an answer asked for while the page rendered counts as fresh: longer than React ever holds a reveal. */
const ASKED_WHILE_RENDERING_FRESH_MS = 2000;

/**
 * A group with its members and links, as far as the asker may see them. Asked for as soon as the page renders
 * (as TanStack's usePrefetchQuery does), not from the query's effect, which waits until React has committed the
 * page: on a slow phone that is the time a whole page takes to render, and longer if anything in the render
 * suspends (React holds a suspended reveal up to 300 ms; `CodeSuspense` spares the page that only for
 * its code). Fresh for a moment, so the query does not ask again when it mounts. Written out rather than
 * usePrefetchQuery itself, which has no `enabled`: the group is not asked for while a GitHub sign-in is
 * exchanged (useSessionCookieSettled).
 */
export function useDiscussionInfo(groupProjectId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const options = getDiscussionInfoQueryOptions(groupProjectId);
  if (enabled && queryClient.getQueryState(options.queryKey) === undefined) {
    void queryClient.prefetchQuery(options);
  }
  return useQuery({ ...options, enabled, staleTime: ASKED_WHILE_RENDERING_FRESH_MS });
}
