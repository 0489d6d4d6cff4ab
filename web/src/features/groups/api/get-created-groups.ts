import type { GroupListOfMine } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSession } from '../../../session/session-context';
import { getGroupsQueryKey } from './query-keys';

export function getCreatedGroups(): Promise<GroupListOfMine> {
  return apiFetch<GroupListOfMine>('/group-projects/created-projects');
}

export function getCreatedGroupsQueryOptions() {
  return queryOptions({ queryKey: [...getGroupsQueryKey(), 'created'] as const, queryFn: getCreatedGroups });
}

export function useCreatedGroups() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getCreatedGroupsQueryOptions(), enabled: isLoggedIn });
}
