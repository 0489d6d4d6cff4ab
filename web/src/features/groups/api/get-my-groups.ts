import type { MyGroupsResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSession } from '../../../session/session-context';
import { getGroupsQueryKey } from './query-keys';

export function getMyGroups(): Promise<MyGroupsResponse> {
  return apiFetch<MyGroupsResponse>('/group-projects/my-groups');
}

export function getMyGroupsQueryOptions() {
  return queryOptions({ queryKey: [...getGroupsQueryKey(), 'mine'] as const, queryFn: getMyGroups });
}

/** The groups the signed-in user owns or belongs to, with their role. */
export function useMyGroups() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getMyGroupsQueryOptions(), enabled: isLoggedIn });
}
