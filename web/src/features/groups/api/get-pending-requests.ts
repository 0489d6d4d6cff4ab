import type { PendingRequestsResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getGroupsQueryKey } from './query-keys';

export function getPendingRequests(): Promise<PendingRequestsResponse> {
  return apiFetch<PendingRequestsResponse>('/group-projects/pending-requests');
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
