import type { AddMessageRequest, MessageHistoryResponse } from '@openlfg/contracts';
import { CLIENT_MESSAGE_ID_PATTERN, REALTIME_CLOSE_SESSION_ENDED } from '@openlfg/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  makeInfo,
  makeViewer,
  signedInAs,
  signedInSession,
} from '../../groups/test-fixtures';
import { FakeSocket } from '../../../realtime/fake-socket';
import { makeMessage } from '../test-support';
import {
  group,
  room,
  history,
  memberViewer,
  memberOf,
  openedSocket,
  board,
  log,
  findLog,
  setUpBoardTests,
} from './board-test-support';

setUpBoardTests();

describe('the discussion board', () => {
  it('loads, says when there are no messages yet, and follows the room from there', async () => {
    let answer: ((value: { body: MessageHistoryResponse }) => void) | null = null;
    memberOf([], { 'GET /api/messages/history': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/group-projects/5', { session: signedInSession });

    await waitFor(() => expect(answer).not.toBeNull());
    expect(screen.getByRole('status', { name: 'Loading the discussion' })).toBeTruthy();
    // Nothing is followed before the history says where to start.
    expect(FakeSocket.instances).toHaveLength(0);
    act(() => answer?.(history([])));
    expect(await screen.findByText('No messages yet. Say hello!')).toBeTruthy();
    const socket = await openedSocket();
    expect(socket.sent).toEqual([{ type: 'subscribe', room, afterId: 0 }]);
  });

  it('shows messages with their authors and day separators, and live ones as they come', async () => {
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    const { calls } = memberOf([
      makeMessage({
        id: 40,
        text: 'Welcome aboard',
        createdAt: yesterday,
        author: { id: 3, login: 'owner', avatarUrl: null },
      }),
      makeMessage({ id: 41, text: 'Thanks!' }),
    ]);
    renderApp('/group-projects/5', { session: signedInSession });

    expect(await within(await findLog()).findByText('Welcome aboard')).toBeTruthy();
    expect(within(log()).getByText('Yesterday')).toBeTruthy();
    expect(within(log()).getByText('Today')).toBeTruthy();
    expect(within(log()).getAllByText('bob')).toHaveLength(1);
    const socket = await openedSocket();
    expect(socket.sent).toEqual([{ type: 'subscribe', room, afterId: 41 }]);

    act(() => socket.deliver({ type: 'message', message: makeMessage({ id: 42, text: 'Live from bob' }) }));
    expect(await within(log()).findByText('Live from bob')).toBeTruthy();
    // The newest message is in view: it is recorded as read.
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/messages/latest-message').at(-1)?.body).toEqual({
        groupProjectId: 5,
        messageId: 42,
      }),
    );
  });

  it('sends with Enter, shows the message at once, and keeps it once when the server echoes it', async () => {
    let confirm: () => void = () => undefined;
    const { calls } = memberOf([], {
      'POST /api/messages/add-message': (call) =>
        new Promise((resolve) => {
          const body = call.body as AddMessageRequest;
          confirm = () =>
            resolve({
              body: {
                data: makeMessage({ id: 50, ...body, author: { id: 1, login: 'ada', avatarUrl: null } }),
              },
            });
        }),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const socket = await openedSocket();

    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(callsTo(calls, 'POST', '/api/messages/add-message')).toHaveLength(0);
    await user.type(input, '{Enter}');

    expect(within(log()).getByText('Sending...')).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe('');
    const sent = callsTo(calls, 'POST', '/api/messages/add-message')[0]?.body as AddMessageRequest;
    expect(sent.text).toBe('First line\nsecond line');
    expect(sent.groupProjectId).toBe(5);
    expect(sent.clientId).toMatch(new RegExp(CLIENT_MESSAGE_ID_PATTERN));

    // The socket brings the stored message before the HTTP answer does: it replaces the pending one.
    const stored = makeMessage({ id: 50, ...sent, author: { id: 1, login: 'ada', avatarUrl: null } });
    act(() => socket.deliver({ type: 'message', message: stored }));
    await waitFor(() => expect(within(log()).queryByText('Sending...')).toBeNull());
    act(() => confirm());
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/messages/latest-message')).not.toHaveLength(0));
    expect(within(log()).getAllByText(/second line/)).toHaveLength(1);
  });

  it('keeps a message that failed to send, marked, and sends it again with the same id on Retry', async () => {
    let attempts = 0;
    const { calls } = memberOf([], {
      'POST /api/messages/add-message': (call) => {
        attempts += 1;
        if (attempts === 1)
          return { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try later.' } } };
        return { body: { data: makeMessage({ id: 60, ...(call.body as AddMessageRequest) }) } };
      },
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Are we meeting?{Enter}');

    expect(await within(log()).findByText('Not sent.')).toBeTruthy();
    expect(within(log()).getByText('Are we meeting?')).toBeTruthy();
    // Save errors are swallowed: no toast.
    expect(screen.queryByText('Try later.')).toBeNull();

    await user.click(within(log()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(log()).queryByText('Not sent.')).toBeNull());
    expect(within(log()).getAllByText('Are we meeting?')).toHaveLength(1);
    const [first, second] = callsTo(calls, 'POST', '/api/messages/add-message');
    expect((second?.body as AddMessageRequest).clientId).toBe((first?.body as AddMessageRequest).clientId);
  });

  it('says when the history could not be loaded and tries again', async () => {
    let fail = true;
    memberOf([], {
      'GET /api/messages/history': () =>
        fail ? { status: 500 } : history([makeMessage({ id: 1, text: 'Back again' })]),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });

    expect(
      await within(await screen.findByRole('alert')).findByText('The discussion could not be loaded.'),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(log()).findByText('Back again')).toBeTruthy();
  });

  it('lets anyone read a public board, without a composer, and records no reads for them', async () => {
    const { calls } = mockApi({
      'POST /api/group-projects/discussion-info': () => ({ body: { data: makeInfo(group) } }),
      'GET /api/messages/history': () => history([makeMessage({ id: 7, text: 'Public hello' })]),
    });
    renderApp('/group-projects/5');

    expect(await within(await findLog()).findByText('Public hello')).toBeTruthy();
    expect(within(board()).getByText('Sign in and join the group to post in its discussion.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await openedSocket();
    expect(callsTo(calls, 'POST', '/api/messages/latest-message')).toHaveLength(0);
  });

  it('shows no board to a stranger of a private group', async () => {
    const privateGroup = { ...group, visibility: 'private' as const };
    const { calls } = mockApi({
      ...signedInAs(),
      'POST /api/group-projects/discussion-info': () => apiError(403, 'FORBIDDEN', 'Only members.'),
      'GET /api/group-projects/5': () => ({
        body: { ...privateGroup, viewer: makeViewer('none', { request: true, report: true }) },
      }),
    });
    renderApp('/group-projects/5', { session: signedInSession });

    expect(await screen.findByText(/This group is private/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Discussion' })).toBeNull();
    expect(callsTo(calls, 'GET', '/api/messages/history')).toHaveLength(0);
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('says it is reconnecting while the socket is down, and catches up from the last message', async () => {
    memberOf([makeMessage({ id: 9 })]);
    renderApp('/group-projects/5', { session: signedInSession });
    const first = await openedSocket();
    act(() => first.deliver({ type: 'message', message: makeMessage({ id: 10, text: 'Before the drop' }) }));

    act(() => first.drop(1006));
    expect(await within(board()).findByText('Reconnecting…')).toBeTruthy();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    const second = await openedSocket();
    expect(second.sent).toEqual([{ type: 'subscribe', room, afterId: 10 }]);
    await waitFor(() => expect(within(board()).queryByText('Reconnecting…')).toBeNull());
  });

  it('signs the user out when the server ends the socket because the session ended', async () => {
    let authenticated = true;
    memberOf([], {
      'GET /api/account/check-auth': () => ({ body: { authenticated, devSignIn: false } }),
    });
    renderApp('/group-projects/5', { session: signedInSession });
    const socket = await openedSocket();

    authenticated = false;
    act(() => socket.drop(REALTIME_CLOSE_SESSION_ENDED));
    expect(await screen.findByText("You're session expired, please log back in.")).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Login with Github/ })).toBeTruthy();
  });

  it('takes the board away when the server closes the room to the user', async () => {
    let member = true;
    memberOf([], {
      'POST /api/group-projects/discussion-info': () =>
        member
          ? {
              body: {
                data: makeInfo({ ...group, visibility: 'private' }, { viewer: memberViewer }),
              },
            }
          : apiError(403, 'FORBIDDEN', 'Only members.'),
      'GET /api/group-projects/5': () => ({
        body: {
          ...group,
          visibility: 'private',
          viewer: makeViewer('none', { request: true, report: true }),
        },
      }),
    });
    renderApp('/group-projects/5', { session: signedInSession });
    const socket = await openedSocket();

    member = false;
    act(() => socket.deliver({ type: 'room-closed', room, reason: 'forbidden' }));
    expect(await screen.findByText(/This group is private/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Discussion' })).toBeNull();
  });
});

describe('unread counts', () => {
  it('shows on My groups, and drops to none once the board has shown the newest message', async () => {
    let unread = 3;
    memberOf([makeMessage({ id: 70 })], {
      'GET /api/messages/unread': () => ({
        body: { data: [{ groupProjectId: 5, unreadCount: unread, latestMessageId: 70 }] },
      }),
      'POST /api/messages/latest-message': () => {
        unread = 0;
        return { body: { data: { groupProjectId: 5, lastReadMessageId: 70 } } };
      },
    });
    const { user, router } = renderApp('/my-projects?view=groups', { session: signedInSession });
    const card = await screen.findByRole('article', { name: 'Rust CLI' });
    expect(await within(card).findByText('3 unread')).toBeTruthy();

    await user.click(within(card).getByRole('link', { name: /Open discussion/ }));
    expect(await screen.findByRole('region', { name: 'Discussion' })).toBeTruthy();
    await waitFor(() => expect(unread).toBe(0));

    await act(() => router.navigate('/my-projects?view=groups'));
    const again = await screen.findByRole('article', { name: 'Rust CLI' });
    expect(within(again).queryByText(/unread/)).toBeNull();
  });

  it('records nothing as read while the tab is in the background, and catches up when it comes back', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { calls } = memberOf([makeMessage({ id: 80 })]);
    renderApp('/group-projects/5', { session: signedInSession });
    const socket = await openedSocket();
    act(() => socket.deliver({ type: 'message', message: makeMessage({ id: 81, text: 'While away' }) }));
    expect(await within(log()).findByText('While away')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/messages/latest-message')).toHaveLength(0);

    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/messages/latest-message')[0]?.body).toEqual({
        groupProjectId: 5,
        messageId: 81,
      }),
    );
  });
});
