import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getTopics() {
  return callApi('projectTopics');
}

/** The spec caches topics forever: fetched once per visit. */
export function getTopicsQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'topics'], queryFn: getTopics, staleTime: Infinity });
}

export function useTopics() {
  return useQuery(getTopicsQueryOptions());
}
