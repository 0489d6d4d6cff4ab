import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useSession } from '../../../session/session-context';
import { getGroupsQueryKey } from './query-keys';

export function getSavedGroups() {
  return callApi('savedGroups');
}

export function getSavedGroupsQueryOptions() {
  return queryOptions({ queryKey: [...getGroupsQueryKey(), 'saved'] as const, queryFn: getSavedGroups });
}

/** The signed-in user's saved groups; never asked for while signed out. */
export function useSavedGroups() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getSavedGroupsQueryOptions(), enabled: isLoggedIn });
}
