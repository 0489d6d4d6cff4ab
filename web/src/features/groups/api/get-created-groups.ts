import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useSession } from '../../../session/session-context';
import { getGroupsQueryKey } from './query-keys';

export function getCreatedGroups() {
  return callApi('createdGroups');
}

export function getCreatedGroupsQueryOptions() {
  return queryOptions({ queryKey: [...getGroupsQueryKey(), 'created'] as const, queryFn: getCreatedGroups });
}

export function useCreatedGroups() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getCreatedGroupsQueryOptions(), enabled: isLoggedIn });
}
