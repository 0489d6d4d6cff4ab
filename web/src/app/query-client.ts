import { QueryClient } from '@tanstack/react-query';

/** The spec's query settings: no retries (a failed call shows at once), no refetch when the tab regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 0, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
