import type { Message, MessageHistoryResponse } from '@openlfg/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { stubRealtimeSockets } from '../../../realtime/fake-socket-hooks';
import { mockApi, type RecordedCall } from '../../../test/api-mock';
import { makeMessage } from '../test-support';
import { LINKED_MESSAGE_MAX_PAGES } from '../use-linked-message';
import { DiscussionBoard } from './DiscussionBoard';

/**
 * A link to one message of a project's room (a mentor's notification: `/projects/acme/widget#message-12`) when
 * the message is older than the first page of the room's history.
 */
const PAGE = 3;
const inRoom = (id: number): Message =>
  makeMessage({
    id,
    room: 'project-room-7',
    groupProjectId: undefined,
    projectId: 7,
    text: `Question ${id}`,
  });

/** A room whose messages are 1..newest, answered newest first in pages of PAGE, as the server pages them. */
function roomWith(newest: number) {
  return mockApi({
    'GET /api/project-rooms/history': (call) => {
      const before = Number(new URL(call.url, 'http://localhost').searchParams.get('before') ?? newest + 1);
      const ids = Array.from({ length: Math.min(PAGE, before - 1) }, (_, i) => before - 1 - i);
      const body: MessageHistoryResponse = { data: ids.map(inRoom), hasOlder: (ids.at(-1) ?? 1) > 1 };
      return { body };
    },
  });
}

const historyCalls = (calls: readonly RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/project-rooms/history'));

const scrolledTo: Element[] = [];

function openAt(hash: string) {
  render(
    <AppProviders queryClient={createQueryClient()} initialSession={{ isLoginLoading: false }}>
      <MemoryRouter initialEntries={[`/projects/acme/widget${hash}`]}>
        <DiscussionBoard projectId={7} title="Room" canPost={false} readOnlyPrompt="Sign in to post." />
      </MemoryRouter>
    </AppProviders>,
  );
}

stubRealtimeSockets();
beforeEach(() => {
  scrolledTo.length = 0;
  // jsdom lays nothing out: record what the board scrolls to instead.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this);
  });
});
afterEach(cleanup);

describe('a link to one message of a room', () => {
  it('loads older pages until the message is there, then scrolls to it once', async () => {
    const { calls } = roomWith(10);
    openAt('#message-2');
    await waitFor(() => expect(scrolledTo.map((element) => element.id)).toEqual(['message-2']));
    expect(screen.getByText('Question 2')).toBeTruthy();
    // 10..8, 7..5, 4..2: three pages, and not the fourth.
    expect(historyCalls(calls)).toHaveLength(3);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when the message is no longer there (deleted), and shows the room', async () => {
    const { calls } = roomWith(10);
    openAt('#message-99');
    expect(await screen.findByText('The message you followed is no longer in this discussion.')).toBeTruthy();
    expect(historyCalls(calls)).toHaveLength(1);
    expect(scrolledTo).toEqual([screen.getByRole('region', { name: 'Room' })]);
  });

  it(`stops after ${LINKED_MESSAGE_MAX_PAGES} pages and says the message is further back`, async () => {
    const { calls } = roomWith(PAGE * (LINKED_MESSAGE_MAX_PAGES + 5));
    openAt('#message-1');
    expect(
      await screen.findByText('The message you followed is further back: load older messages to find it.'),
    ).toBeTruthy();
    expect(historyCalls(calls)).toHaveLength(LINKED_MESSAGE_MAX_PAGES);
  });
});
