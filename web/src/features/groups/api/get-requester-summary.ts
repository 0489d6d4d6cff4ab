import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getGroupsQueryKey } from './query-keys';

export function getRequesterSummaryQueryOptions(groupProjectId: number, requestUsername: string) {
  return queryOptions({
    queryKey: [...getGroupsQueryKey(), 'requester-summary', groupProjectId, requestUsername] as const,
    queryFn: () => callApi('requesterSummary', { query: { groupProjectId, requestUsername } }),
    // The server keeps summaries for an hour; a page left open need not ask again meanwhile.
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** A pending requester's public GitHub summary, fetched on its own so the pending list never waits for it. */
export function useRequesterSummary(groupProjectId: number, requestUsername: string) {
  return useQuery(getRequesterSummaryQueryOptions(groupProjectId, requestUsername));
}
