import type { AddRoomMessageRequest, Message, MessageHistoryResponse } from '@openlfg/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { FakeSocket } from '../../../realtime/fake-socket';
import { stubRealtimeSockets } from '../../../realtime/fake-socket-hooks';
import { mockApi } from '../../../test/api-mock';
import { callsTo, signedInAs, signedInSession } from '../../groups/test-fixtures';
import { makeMessage } from '../test-support';
import { DiscussionBoard } from './DiscussionBoard';

const inRoom = (overrides: Partial<Message>) =>
  makeMessage({ room: 'project-room-7', groupProjectId: undefined, projectId: 7, ...overrides });
const history = (data: Message[]): { body: MessageHistoryResponse } => ({
  body: { data: [...data].reverse(), hasOlder: false },
});

function renderRoom(session: { isLoginLoading: boolean; isLoggedIn?: boolean }, canPost: boolean) {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} initialSession={session}>
      <MemoryRouter initialEntries={['/projects/acme/widget']}>
        <DiscussionBoard projectId={7} title="Room" canPost={canPost} readOnlyPrompt="Sign in to post." />
      </MemoryRouter>
    </AppProviders>,
  );
  return user;
}

async function openedSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.latest();
  act(() => socket.deliver({ type: 'ready', userId: null }));
  return socket;
}

stubRealtimeSockets();

describe("a project's room (the same board)", () => {
  it('shows its history to a reader who is not signed in, follows the project’s room live, and offers no composer', async () => {
    mockApi({
      'GET /api/project-rooms/history': () => history([inRoom({ id: 3, text: 'Anyone using the CLI?' })]),
    });
    renderRoom({ isLoginLoading: false }, false);
    const room = await screen.findByRole('region', { name: 'Room' });
    expect(await within(room).findByText('Anyone using the CLI?')).toBeTruthy();
    const socket = await openedSocket();
    expect(socket.sent).toEqual([{ type: 'subscribe', room: 'project-room-7', afterId: 3 }]);
    act(() => socket.deliver({ type: 'message', message: inRoom({ id: 4, text: 'Yes, daily' }) }));
    expect(await within(room).findByText('Yes, daily')).toBeTruthy();
    expect(within(room).queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(within(room).getByText('Sign in to post.')).toBeTruthy();
  });

  it('posts to the project’s room and keeps no read mark', async () => {
    const { calls } = mockApi({
      ...signedInAs(),
      'GET /api/project-rooms/history': () => history([]),
      'POST /api/project-rooms/add-message': (call) => {
        const body = call.body as AddRoomMessageRequest;
        return { body: { data: inRoom({ id: 9, text: body.text, clientId: body.clientId }) } };
      },
    });
    const user = renderRoom(signedInSession, true);
    await openedSocket();
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(input, 'Hello room{Enter}');
    expect(await screen.findByText('Hello room')).toBeTruthy();
    const sent = callsTo(calls, 'POST', '/api/project-rooms/add-message')[0]?.body as AddRoomMessageRequest;
    expect(sent).toMatchObject({ projectId: 7, text: 'Hello room' });
    expect(callsTo(calls, 'POST', '/api/messages/add-message')).toHaveLength(0);
    expect(callsTo(calls, 'POST', '/api/messages/latest-message')).toHaveLength(0);
  });
});
