import type { GroupListRequest } from '@openlfg/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from './query-keys';

const LIST_STALE_TIME_MS = 60_000;

export function getGroupProjects(request: GroupListRequest, signal?: AbortSignal) {
  return callApi('listGroups', { body: request }, { signal });
}

/** Every cached page of the group list, whatever its filters. */
export function getGroupListsQueryKey() {
  return [...getGroupsQueryKey(), 'list'] as const;
}

export function getGroupProjectsQueryOptions(request: GroupListRequest) {
  return queryOptions({
    queryKey: [...getGroupListsQueryKey(), request] as const,
    queryFn: ({ signal }) => getGroupProjects(request, signal),
    staleTime: LIST_STALE_TIME_MS,
  });
}

/** One page of the list; the previous answer stays on screen while another loads. */
export function useGroupProjects(request: GroupListRequest) {
  return useQuery({ ...getGroupProjectsQueryOptions(request), placeholderData: keepPreviousData });
}
