import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { mockApi } from '../../../test/api-mock';
import { callsTo, makeGroup, makeInfo } from '../test-fixtures';
import { useDiscussionInfo } from './get-discussion-info';

const group = makeGroup({ groupProjectId: 3, title: 'Rust CLI' });

/** A page that asks for its group, then waits for something else before React may show it (its code, say). */
function Page({ until }: { until: Promise<void> }) {
  const info = useDiscussionInfo(3, true);
  use(until);
  return <h1>{info.data?.data.group.title ?? 'loading'}</h1>;
}

describe('useDiscussionInfo', () => {
  it('asks for the group as the page renders, and not again when the page shows', async () => {
    const { calls } = mockApi({
      'POST /api/group-projects/discussion-info': () => ({ body: { data: makeInfo(group) } }),
    });
    let show = () => {};
    const until = new Promise<void>((resolve) => (show = resolve));
    // Awaited: a render that suspends in an act scope that is not awaited is never retried.
    await act(async () => {
      render(
        <QueryClientProvider client={createQueryClient()}>
          <Suspense fallback={<p>waiting</p>}>
            <Page until={until} />
          </Suspense>
        </QueryClientProvider>,
      );
    });

    // The request went while the page was held back, and its answer is in before the page shows.
    await screen.findByText('waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, 'POST', '/api/group-projects/discussion-info')).toHaveLength(1);

    await act(async () => show());
    expect(await screen.findByRole('heading', { name: 'Rust CLI' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(calls, 'POST', '/api/group-projects/discussion-info')).toHaveLength(1);
  });
});
