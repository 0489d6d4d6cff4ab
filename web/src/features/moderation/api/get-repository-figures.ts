import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getModerationQueryKey } from './query-keys';

/** GitHub's figures change slowly and each look costs the server a call to GitHub. */
const FIGURES_STALE_TIME_MS = 5 * 60 * 1000;

export function getRepositoryFigures(requestId: number, signal?: AbortSignal) {
  return callApi('requestFigures', { params: { id: requestId } }, { signal });
}

export function getRepositoryFiguresQueryOptions(requestId: number) {
  return queryOptions({
    queryKey: [...getModerationQueryKey(), 'figures', requestId] as const,
    queryFn: ({ signal }) => getRepositoryFigures(requestId, signal),
    staleTime: FIGURES_STALE_TIME_MS,
  });
}

/** The requested repository as GitHub describes it now: asked only once the moderator wants to see it. */
export function useRepositoryFigures(requestId: number, enabled: boolean) {
  return useQuery({ ...getRepositoryFiguresQueryOptions(requestId), enabled });
}
