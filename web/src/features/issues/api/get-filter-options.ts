import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { ISSUES_QUERY_KEY } from '../../../issue-signals/query-keys';

/** The catalogue's topics and languages, offered by the finder's filters; asked once per visit, like Discover. */
export function getFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...ISSUES_QUERY_KEY, 'filter-options'] as const,
    queryFn: async ({ signal }) => {
      const [topics, languages] = await Promise.all([
        callApi('projectTopics', {}, { signal }),
        callApi('projectLanguages', {}, { signal }),
      ]);
      return { topics, languages };
    },
    staleTime: Infinity,
  });
}

export function useFilterOptions() {
  return useQuery(getFilterOptionsQueryOptions());
}
