import type { TopicsResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function getTopicSuggestions(): Promise<TopicsResponse> {
  return apiFetch<TopicsResponse>('/projects/topics');
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
