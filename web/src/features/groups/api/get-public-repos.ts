import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getPublicRepos() {
  return callApi('publicRepos');
}

/** The spec caches the user's repositories forever: fetched once per visit. */
export function getPublicReposQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'public-repos'],
    queryFn: getPublicRepos,
    staleTime: Infinity,
  });
}

export function usePublicRepos(enabled: boolean) {
  return useQuery({ ...getPublicReposQueryOptions(), enabled });
}
