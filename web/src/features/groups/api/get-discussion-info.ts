import type { DiscussionInfoResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getGroupsQueryKey } from './query-keys';

export function getDiscussionInfo(
  groupProjectId: number,
  signal?: AbortSignal,
): Promise<DiscussionInfoResponse> {
  return apiFetch<DiscussionInfoResponse>('/group-projects/discussion-info', {
    method: 'POST',
    body: { groupProjectId },
    signal,
  });
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
