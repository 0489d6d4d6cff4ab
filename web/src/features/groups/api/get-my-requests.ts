import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useSession } from '../../../session/session-context';
import { getGroupsQueryKey } from './query-keys';

export function getMyRequests() {
  return callApi('myJoinRequests');
}

export function getMyRequestsQueryOptions() {
  return queryOptions({ queryKey: [...getGroupsQueryKey(), 'my-requests'] as const, queryFn: getMyRequests });
}

/** The signed-in user's pending requests to join private groups. */
export function useMyRequests() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getMyRequestsQueryOptions(), enabled: isLoggedIn });
}
