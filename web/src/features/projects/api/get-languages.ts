import type { LanguagesResponse } from '@openlfg/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function getLanguages(): Promise<LanguagesResponse> {
  return apiFetch<LanguagesResponse>('/projects/languages');
}

/** Cached forever, like the topics. */
export function getLanguagesQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'languages'], queryFn: getLanguages, staleTime: Infinity });
}

export function useLanguages() {
  return useQuery(getLanguagesQueryOptions());
}
