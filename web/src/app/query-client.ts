import { QueryClient } from '@tanstack/react-query';
import { getGroupsQueryKey } from '../features/groups/api/query-keys';
import { REFRESH_ON_NOTIFICATION } from '../lib/refresh-on-notification';

/** The spec's query settings: no retries (a failed call shows at once), no refetch when the tab regains focus. */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: 0, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
  // Every notification but a mention is about a group: its requests, members, status or owner.
  queryClient.setQueryDefaults(getGroupsQueryKey(), { meta: REFRESH_ON_NOTIFICATION });
  return queryClient;
}
