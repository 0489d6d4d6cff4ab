import type { IssueListRequest } from '@openlfg/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { ISSUE_LISTS_QUERY_KEY } from '../../../issue-signals/query-keys';

/** Taken signals change as people claim; half a minute, like the server's own list cache. */
const ISSUES_STALE_TIME_MS = 30_000;

export function getIssues(request: IssueListRequest, signal?: AbortSignal) {
  return callApi('listIssues', { body: request }, { signal });
}

export function getIssuesQueryOptions(request: IssueListRequest) {
  return infiniteQueryOptions({
    queryKey: [...ISSUE_LISTS_QUERY_KEY, request] as const,
    queryFn: ({ pageParam, signal }) =>
      getIssues(pageParam === null ? request : { ...request, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: ISSUES_STALE_TIME_MS,
  });
}

/** The finder's pages so far ("Load more" adds the next); other filters' rows stay on screen while new ones load. */
export function useIssues(request: IssueListRequest) {
  return useInfiniteQuery({ ...getIssuesQueryOptions(request), placeholderData: keepPreviousData });
}
