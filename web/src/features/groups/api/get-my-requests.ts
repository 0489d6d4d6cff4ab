import type { MyJoinRequestsResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSession } from '../../../session/session-context';
import { getGroupsQueryKey } from './query-keys';

export function getMyRequests(): Promise<MyJoinRequestsResponse> {
  return apiFetch<MyJoinRequestsResponse>('/group-projects/request');
}

export function getMyRequestsQueryOptions() {
  return queryOptions({ queryKey: [...getGroupsQueryKey(), 'my-requests'] as const, queryFn: getMyRequests });
}

/** The signed-in user's pending requests to join private groups. */
export function useMyRequests() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getMyRequestsQueryOptions(), enabled: isLoggedIn });
}
