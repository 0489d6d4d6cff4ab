import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { getGroupsQueryKey } from '../features/groups/api/query-keys';
import { setUnreadCount } from '../features/notifications/api/notifications';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('gives up on a failed query after one attempt', async () => {
    const queryClient = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(new Error('500'));

    await expect(queryClient.fetchQuery({ queryKey: ['failing'], queryFn })).rejects.toThrow('500');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not retry mutations and does not refetch on window focus', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(mutations?.retry).toBe(0);
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });

  it('fetches what a page shows of groups again when a new notification arrives, and only then', async () => {
    const queryClient = createQueryClient();
    const pending = vi.fn().mockResolvedValue({ data: [] });
    const other = vi.fn().mockResolvedValue({ data: [] });
    // Two queries a page shows (observed): the owner's pending requests, and one of another feature.
    const observers = [
      new QueryObserver(queryClient, { queryKey: [...getGroupsQueryKey(), 'pending'], queryFn: pending }),
      new QueryObserver(queryClient, { queryKey: ['projects', 'list'], queryFn: other }),
    ];
    const stops = observers.map((observer) => observer.subscribe(() => undefined));
    await vi.waitFor(() => expect(pending).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(1));

    setUnreadCount(queryClient, 2); // the first count the bell learns: nothing new yet
    setUnreadCount(queryClient, 3); // a new notification
    await vi.waitFor(() => expect(pending).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    setUnreadCount(queryClient, 1); // two read elsewhere: nothing happened to the page
    setUnreadCount(queryClient, 1);
    // A refetch would have started at once.
    expect(queryClient.isFetching()).toBe(0);
    expect(pending).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
    stops.forEach((stop) => stop());
  });
});
