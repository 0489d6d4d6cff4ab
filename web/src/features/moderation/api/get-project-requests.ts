import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getModerationQueryKey } from './query-keys';

export function getProjectRequests(page: number, signal?: AbortSignal) {
  return callApi('projectRequests', { query: { page } }, { signal });
}

/** Every cached page of the request queue. */
export function getProjectRequestsQueryKey() {
  return [...getModerationQueryKey(), 'requests'] as const;
}

export function getProjectRequestsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...getProjectRequestsQueryKey(), page] as const,
    queryFn: ({ signal }) => getProjectRequests(page, signal),
  });
}

/** One page of the pending project requests, newest first; the previous page stays while another loads. */
export function useProjectRequests(page: number) {
  return useQuery({ ...getProjectRequestsQueryOptions(page), placeholderData: keepPreviousData });
}
