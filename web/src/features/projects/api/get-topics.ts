import type { TopicsResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function getTopics(): Promise<TopicsResponse> {
  return apiFetch<TopicsResponse>('/projects/topics');
}

/** The spec caches topics forever: fetched once per visit. */
export function getTopicsQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'topics'], queryFn: getTopics, staleTime: Infinity });
}

export function useTopics() {
  return useQuery(getTopicsQueryOptions());
}
