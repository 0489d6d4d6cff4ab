import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from './query-keys';

export function getPendingRequests() {
  return callApi('pendingRequests');
}

export function getPendingRequestsQueryOptions() {
  return queryOptions({
    queryKey: [...getGroupsQueryKey(), 'pending'] as const,
    queryFn: getPendingRequests,
  });
}

/** Requests to join the groups the signed-in user owns. */
export function usePendingRequests(enabled: boolean) {
  return useQuery({ ...getPendingRequestsQueryOptions(), enabled });
}
