import type { GroupListOfMine } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSession } from '../../../session/session-context';
import { getGroupsQueryKey } from './query-keys';

export function getSavedGroups(): Promise<GroupListOfMine> {
  return apiFetch<GroupListOfMine>('/group-projects/saved');
}

export function getSavedGroupsQueryOptions() {
  return queryOptions({ queryKey: [...getGroupsQueryKey(), 'saved'] as const, queryFn: getSavedGroups });
}

/** The signed-in user's saved groups; never asked for while signed out. */
export function useSavedGroups() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getSavedGroupsQueryOptions(), enabled: isLoggedIn });
}
