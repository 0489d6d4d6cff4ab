import type { GroupCardResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getGroupsQueryKey } from './query-keys';

/** One group's public card (what every list shows, nothing private) with the viewer's standing in it. */
export function getGroup(groupProjectId: number, signal?: AbortSignal): Promise<GroupCardResponse> {
  return apiFetch<GroupCardResponse>(`/group-projects/${groupProjectId}`, { signal });
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
