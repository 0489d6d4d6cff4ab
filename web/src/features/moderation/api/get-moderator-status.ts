import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useSession } from '../../../session/session-context';
import { getModerationQueryKey } from './query-keys';

/** Who moderates changes only when the server's ADMIN_LOGINS does: one answer per visit is enough. */
const STATUS_STALE_TIME_MS = 30 * 60 * 1000;

export function getModeratorStatus(signal?: AbortSignal) {
  return callApi('moderatorStatus', {}, { signal });
}

export function getModeratorStatusQueryOptions() {
  return queryOptions({
    queryKey: [...getModerationQueryKey(), 'me'] as const,
    queryFn: ({ signal }) => getModeratorStatus(signal),
    staleTime: STATUS_STALE_TIME_MS,
  });
}

/**
 * Whether the signed-in user moderates. Anonymous visitors never ask (the answer would be 401), and an answer
 * cached before logging out no longer counts.
 */
export function useModeratorStatus() {
  const { isLoggedIn, isLoginLoading } = useSession();
  const enabled = isLoggedIn && !isLoginLoading;
  const status = useQuery({ ...getModeratorStatusQueryOptions(), enabled });
  return { ...status, isModerator: enabled && status.data?.moderator === true };
}
