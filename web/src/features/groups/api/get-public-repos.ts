import type { PublicReposResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function getPublicRepos(): Promise<PublicReposResponse> {
  return apiFetch<PublicReposResponse>('/account/public-repos');
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
