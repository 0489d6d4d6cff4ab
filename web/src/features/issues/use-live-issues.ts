import type { IssueListResponse } from '@openlfg/contracts';
import { useQueryClient, type InfiniteData, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ISSUE_LISTS_QUERY_KEY } from '../../issue-signals/query-keys';
import { getRealtimeConnection } from '../../realtime/connection';

/** Whether a cached finder answer shows one of these issues. */
function shows(query: Query, issueIds: ReadonlySet<number>): boolean {
  const data = query.state.data as InfiniteData<IssueListResponse> | undefined;
  return data?.pages.some((page) => page.data.some((row) => issueIds.has(row.issueId))) ?? false;
}

/**
 * Keeps the finder's rows live while mounted (the finder, a project's issues): the tab's realtime socket follows
 * the stored issues, and when some change on any node (GitHub told the server someone took one, closed it, opened
 * a pull request for it) the cached lists showing them load again, so their taken signal changes without a
 * reload. When a socket starts following (the page's first, or one after a lost connection), the lists already
 * loaded load again once: changes before it were not heard. A socket the page found open follows at once.
 */
export function useLiveIssues(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      getRealtimeConnection().followIssues((issueIds) => {
        const changed = issueIds === null ? null : new Set(issueIds);
        void queryClient.invalidateQueries({
          queryKey: ISSUE_LISTS_QUERY_KEY,
          // Null: every list that has loaded (one still loading answers after the follow began).
          predicate: (query) => (changed === null ? query.state.data !== undefined : shows(query, changed)),
        });
      }),
    [queryClient],
  );
}
