import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { ISSUES_QUERY_KEY } from '../../../issue-signals/query-keys';

/** The catalogue's languages, offered by the finder's language filter; asked once per visit, like Discover. */
export function getFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...ISSUES_QUERY_KEY, 'filter-options'] as const,
    queryFn: async ({ signal }) => {
      return { languages: await callApi('projectLanguages', {}, { signal }) };
    },
    staleTime: Infinity,
  });
}

export function useFilterOptions() {
  return useQuery(getFilterOptionsQueryOptions());
}
