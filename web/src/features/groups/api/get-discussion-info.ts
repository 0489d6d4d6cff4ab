import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** A group with its members and links, as far as the asker may see them. */
export function useDiscussionInfo(groupProjectId: number, enabled: boolean) {
  return useQuery({ ...getDiscussionInfoQueryOptions(groupProjectId), enabled });
}
