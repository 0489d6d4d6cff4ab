import { describe, expect, it, vi } from 'vitest';
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
});
