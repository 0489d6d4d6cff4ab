import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getLanguages() {
  return callApi('projectLanguages');
}

/** Cached forever, like the topics. */
export function getLanguagesQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'languages'], queryFn: getLanguages, staleTime: Infinity });
}

export function useLanguages() {
  return useQuery(getLanguagesQueryOptions());
}
