import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getMentors(projectId: number, signal?: AbortSignal) {
  return callApi('projectMentors', { query: { projectId } }, { signal });
}

/** Everything the mentors feature caches sits under this prefix. */
export const getMentorsQueryKey = () => ['mentors'] as const;

export function getMentorsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: [...getMentorsQueryKey(), projectId] as const,
    queryFn: ({ signal }) => getMentors(projectId, signal),
  });
}

/** The project's mentors, longest-serving first (public). */
export function useMentors(projectId: number) {
  return useQuery(getMentorsQueryOptions(projectId));
}
