import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useSession } from '../../../session/session-context';

export function getSavedProjects() {
  return callApi('savedProjects');
}

export function getSavedProjectsQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'saved'], queryFn: getSavedProjects });
}

/** The signed-in user's saved projects; never asked for while signed out. */
export function useSavedProjects() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getSavedProjectsQueryOptions(), enabled: isLoggedIn });
}
