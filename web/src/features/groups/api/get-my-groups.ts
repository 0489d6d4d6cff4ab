import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useSession } from '../../../session/session-context';
import { getGroupsQueryKey } from './query-keys';

export function getMyGroups() {
  return callApi('myGroups');
}

export function getMyGroupsQueryOptions() {
  return queryOptions({ queryKey: [...getGroupsQueryKey(), 'mine'] as const, queryFn: getMyGroups });
}

/** The groups the signed-in user owns or belongs to, with their role. */
export function useMyGroups() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getMyGroupsQueryOptions(), enabled: isLoggedIn });
}
