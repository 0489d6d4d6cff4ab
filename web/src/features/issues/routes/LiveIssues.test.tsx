// The finder's rows follow changes to their issues live: GitHub's deliveries reach the page over the socket.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../../realtime/fake-socket';
import { renderApp } from '../../../test/render-app';
import { finderRequests, makeFinderIssue, page } from '../test-fixtures';
import { finder, row, setUpIssueFinderTests } from './issue-finder-test-support';

setUpIssueFinderTests();

const assigned = {
  state: 'assigned' as const,
  reason: 'assigned to @ada just now, no pull request',
  since: new Date().toISOString(),
  by: 'ada',
};

async function readySocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.latest();
  socket.deliver({ type: 'ready', userId: null });
  await waitFor(() => expect(socket.sent).toContainEqual({ type: 'follow-issues' }));
  return socket;
}

describe('the finder, live', () => {
  it('loads its rows again when an issue it shows changed, and only then', async () => {
    let taken = false;
    const { calls } = finder(() => ({
      body: page([
        makeFinderIssue({ issueId: 1 }),
        makeFinderIssue({ issueId: 2, ...(taken ? { taken: assigned } : {}) }),
      ]),
    }));
    renderApp('/issues?taken=any');
    await row('Issue 2');
    const loaded = finderRequests(calls).length;
    const socket = await readySocket();
    // Following began after the list loaded: it loads again once, for what changed in between.
    await waitFor(() => expect(finderRequests(calls).length).toBe(loaded + 1));
    const before = finderRequests(calls).length;

    socket.deliver({ type: 'issues-changed', issueIds: [99] });
    taken = true;
    socket.deliver({ type: 'issues-changed', issueIds: [2] });

    expect(await within(await row('Issue 2')).findByText(assigned.reason)).toBeTruthy();
    // One reload, for the issue the list shows; the other issue's change asked nothing.
    expect(finderRequests(calls).length).toBe(before + 1);
  });

  it('loads its rows again after the socket came back, since changes meanwhile were not heard', async () => {
    let taken = false;
    finder(() => ({ body: page([makeFinderIssue({ issueId: 3, ...(taken ? { taken: assigned } : {}) })]) }));
    renderApp('/issues?taken=any');
    await row('Issue 3');
    const first = await readySocket();
    taken = true;
    first.drop();
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(1), { timeout: 20_000 });
    const second = await readySocket();
    expect(second).not.toBe(first);
    expect(await screen.findByText(assigned.reason)).toBeTruthy();
  });
});
