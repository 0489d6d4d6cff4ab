import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getTopicSuggestions() {
  return callApi('projectTopics');
}

/** The catalogue's topics, cached forever as the spec asks (the same cache entry as the projects filter). */
export function getTopicSuggestionsQueryOptions() {
  return queryOptions({
    queryKey: ['projects', 'topics'],
    queryFn: getTopicSuggestions,
    staleTime: Infinity,
  });
}

export function useTopicSuggestions() {
  return useQuery(getTopicSuggestionsQueryOptions());
}
