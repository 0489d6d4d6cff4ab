import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from './query-keys';

/** One group's public card (what every list shows, nothing private) with the viewer's standing in it. */
export function getGroup(groupProjectId: number, signal?: AbortSignal) {
  return callApi('groupCard', { params: { groupProjectId } }, { signal });
}

export function getGroupQueryOptions(groupProjectId: number) {
  return queryOptions({
    queryKey: [...getGroupsQueryKey(), 'card', groupProjectId] as const,
    queryFn: ({ signal }) => getGroup(groupProjectId, signal),
  });
}

export function useGroup(groupProjectId: number) {
  return useQuery(getGroupQueryOptions(groupProjectId));
}
