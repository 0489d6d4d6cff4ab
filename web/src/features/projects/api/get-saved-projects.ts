import type { SavedProjectsResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSession } from '../../../session/session-context';

export function getSavedProjects(): Promise<SavedProjectsResponse> {
  return apiFetch<SavedProjectsResponse>('/projects/saved');
}

export function getSavedProjectsQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'saved'], queryFn: getSavedProjects });
}

/** The signed-in user's saved projects; never asked for while signed out. */
export function useSavedProjects() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getSavedProjectsQueryOptions(), enabled: isLoggedIn });
}
