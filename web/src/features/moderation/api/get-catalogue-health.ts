import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getModerationQueryKey } from './query-keys';

/** While a sync runs, its figures are asked for again this often. */
export const RUNNING_SYNC_POLL_MS = 5_000;

/** `page` pages the archived or unreachable projects; the rest of the answer is the same on every page. */
export function getCatalogueHealth(page: number, signal?: AbortSignal) {
  return callApi('catalogueHealth', { query: { page } }, { signal });
}

/** Every cached page of the catalogue's health. */
export function getCatalogueHealthQueryKey() {
  return [...getModerationQueryKey(), 'catalogue'] as const;
}

export function getCatalogueHealthQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...getCatalogueHealthQueryKey(), page] as const,
    queryFn: ({ signal }) => getCatalogueHealth(page, signal),
  });
}

/** The last sync run, its failures, the API budgets and the problem projects; followed while a sync runs. */
export function useCatalogueHealth(page: number) {
  return useQuery({
    ...getCatalogueHealthQueryOptions(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.syncRunning ? RUNNING_SYNC_POLL_MS : false),
  });
}
