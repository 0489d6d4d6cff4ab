import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../session/session-context';
import { ISSUES_QUERY_KEY } from '../query-keys';

export function getMyClaims(signal?: AbortSignal) {
  return callApi('myIssueClaims', {}, { signal });
}

export function getMyClaimsQueryOptions() {
  return queryOptions({
    queryKey: [...ISSUES_QUERY_KEY, 'claims'] as const,
    queryFn: ({ signal }) => getMyClaims(signal),
  });
}

/** The signed-in user's active claims (and the most one may hold); never asked for while signed out. */
export function useMyClaims() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...getMyClaimsQueryOptions(), enabled: isLoggedIn });
}
