import type { ProjectListRequest } from '@openlfg/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The lists answer the same to everyone, so a page seen a minute ago is shown again without a call. */
const LIST_STALE_TIME_MS = 60_000;

export function getProjects(request: ProjectListRequest, signal?: AbortSignal) {
  return callApi('listProjects', { body: request }, { signal });
}

/** Every cached page of the list, whatever its filters: the prefix of each page's key. */
export function getProjectListsQueryKey() {
  return ['projects', 'list'] as const;
}

export function getProjectsQueryOptions(request: ProjectListRequest) {
  return queryOptions({
    queryKey: [...getProjectListsQueryKey(), request] as const,
    queryFn: ({ signal }) => getProjects(request, signal),
    staleTime: LIST_STALE_TIME_MS,
  });
}

/** One page of the list. While another page or filter loads, the previous answer stays on screen. */
export function useProjects(request: ProjectListRequest) {
  return useQuery({ ...getProjectsQueryOptions(request), placeholderData: keepPreviousData });
}
