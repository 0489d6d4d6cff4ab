// The discussion board tests' shared setup: a member of group 5 with its board, the fake socket, the hooks.
import type { Message, MessageHistoryResponse } from '@openlfg/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { makeGroup, makeInfo, makeViewer, signedInAs, viewersHandler } from '../../groups/test-fixtures';
import { FakeSocket } from '../../../realtime/fake-socket';
import { stubRealtimeSockets } from '../../../realtime/fake-socket-hooks';

export const group = makeGroup({ groupProjectId: 5, title: 'Rust CLI' });
export const room = 'discussion-board-5';

export function history(data: Message[], hasOlder = false): { body: MessageHistoryResponse } {
  return { body: { data: [...data].reverse(), hasOlder } };
}

export const memberViewer = makeViewer('member', {
  leave: true,
  post: true,
  readDiscussion: true,
  save: true,
});

export function memberOf(messages: Message[] = [], extra: Record<string, MockHandler> = {}) {
  return mockApi({
    ...signedInAs({ myGroups: [{ ...group, role: 'member' }] }),
    ...viewersHandler(() => memberViewer),
    'POST /api/group-projects/discussion-info': () => ({
      body: { data: makeInfo(group, { viewer: memberViewer }) },
    }),
    'GET /api/messages/history': () => history(messages),
    'POST /api/messages/latest-message': (call) => ({
      body: {
        data: { groupProjectId: 5, lastReadMessageId: (call.body as { messageId: number }).messageId },
      },
    }),
    ...extra,
  });
}

/** The socket the board opened, once it subscribed; the server then says it is ready. */
export async function openedSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.latest();
  act(() => socket.deliver({ type: 'ready', userId: 1 }));
  return socket;
}

export const board = () => screen.getByRole('region', { name: 'Discussion' });
export const log = () => screen.getByRole('log', { name: 'Messages' });
export const findLog = () => screen.findByRole('log', { name: 'Messages' });

/** The hooks every test file of this component runs. */
export function setUpBoardTests() {
  beforeAll(async () => {
    // The group page loads the board lazily; load it once here so that no test waits for its first transform.
    await import('./DiscussionBoard');
  });
  stubRealtimeSockets();
}
