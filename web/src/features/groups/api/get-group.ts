import type { GroupProject } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getGroupsQueryKey } from './query-keys';

/** One group's public card: what every list shows, nothing private. */
export function getGroup(groupProjectId: number, signal?: AbortSignal): Promise<GroupProject> {
  return apiFetch<GroupProject>(`/group-projects/${groupProjectId}`, { signal });
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
