import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getModerationQueryKey } from './query-keys';

export function getReportedGroups(page: number, signal?: AbortSignal) {
  return callApi('openReports', { query: { page } }, { signal });
}

/** Every cached page of the open reports. */
export function getReportedGroupsQueryKey() {
  return [...getModerationQueryKey(), 'reports'] as const;
}

export function getReportedGroupsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...getReportedGroupsQueryKey(), page] as const,
    queryFn: ({ signal }) => getReportedGroups(page, signal),
  });
}

/** One page of the open reports, grouped by group project, the most recently reported first. */
export function useReportedGroups(page: number) {
  return useQuery({ ...getReportedGroupsQueryOptions(page), placeholderData: keepPreviousData });
}
