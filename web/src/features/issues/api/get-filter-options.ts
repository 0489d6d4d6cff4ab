import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { ISSUES_QUERY_KEY } from '../../../issue-signals/query-keys';
import { useFirstLookOver } from '../../../lib/first-look';

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

/**
 * Shown only in the language filter's list: asked for once the visitor is past their first look at the page (a
 * tap or key anywhere does it), not among the requests the page starts with.
 */
export function useFilterOptions() {
  return useQuery({ ...getFilterOptionsQueryOptions(), enabled: useFirstLookOver() });
}
