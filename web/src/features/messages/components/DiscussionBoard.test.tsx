import type { AddMessageRequest, Message, MessageHistoryResponse } from '@openlfg/contracts';
import { CLIENT_MESSAGE_ID_PATTERN, REALTIME_CLOSE_SESSION_ENDED } from '@openlfg/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  makeGroup,
  makeInfo,
  makeViewer,
  signedInAs,
  signedInSession,
  viewersHandler,
} from '../../groups/test-fixtures';
import { disposeRealtimeConnection } from '../../../realtime/connection';
import { FakeSocket } from '../../../realtime/fake-socket';
import { makeMessage } from '../test-support';

const group = makeGroup({ groupProjectId: 5, title: 'Rust CLI' });
const room = 'discussion-board-5';

function history(data: Message[], hasOlder = false): { body: MessageHistoryResponse } {
  return { body: { data: [...data].reverse(), hasOlder } };
}

const memberViewer = makeViewer('member', { leave: true, post: true, readDiscussion: true, save: true });

function memberOf(messages: Message[] = [], extra: Record<string, MockHandler> = {}) {
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
async function openedSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeSocket.latest();
  act(() => socket.deliver({ type: 'ready', userId: 1 }));
  return socket;
}

const board = () => screen.getByRole('region', { name: 'Discussion' });
const log = () => screen.getByRole('log', { name: 'Messages' });
const findLog = () => screen.findByRole('log', { name: 'Messages' });

beforeAll(async () => {
  // The group page loads the board lazily; load it once here so that no test waits for its first transform.
  await import('./DiscussionBoard');
});
beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  // Unmount first: a board rendering after the dispose would make a new connection that outlives the test.
  cleanup();
  disposeRealtimeConnection();
});

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

describe('grouping, own messages and mentions', () => {
  const ada = { id: 1, login: 'ada', avatarUrl: null };
  const bob = { id: 2, login: 'bob', avatarUrl: null };
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

  it('shows one header for a run of one author within 5 minutes, and sets the reader’s own apart', async () => {
    memberOf([
      makeMessage({ id: 1, author: bob, text: 'one', createdAt: at(30) }),
      makeMessage({ id: 2, author: bob, text: 'two', createdAt: at(28) }),
      // Over 5 minutes after bob's last: a new header.
      makeMessage({ id: 3, author: bob, text: 'three', createdAt: at(20) }),
      makeMessage({ id: 4, author: ada, text: 'mine', createdAt: at(19) }),
    ]);
    renderApp('/group-projects/5', { session: signedInSession });
    await within(await findLog()).findByText('three');

    const headers = within(log())
      .getAllByText(/^(bob|ada)$/)
      .filter((element) => element.className.includes('author'));
    expect(headers.map((element) => element.textContent)).toEqual(['bob', 'bob', 'ada']);
    // The grouped message still names its author to screen readers.
    const two = within(log()).getByText('two').closest('li');
    expect(two?.textContent).toContain('bob');
    const mine = within(log()).getByText('mine').closest('li');
    expect(mine?.textContent).toContain('(you)');
    expect(two?.textContent).not.toContain('(you)');
    expect(mine?.className).not.toBe(within(log()).getByText('three').closest('li')?.className);
  });

  it('highlights mentions, the reader’s own most', async () => {
    memberOf([makeMessage({ id: 1, author: bob, text: 'thanks @ada and @carol, see a@b.org' })]);
    renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    const me = await within(log).findByText('@ada');
    expect(me.tagName).toBe('MARK');
    expect(within(log).getByText('@carol').tagName).toBe('SPAN');
    expect(within(log).queryByText('@b.org')).toBeNull();
  });

  it('completes a mention from the members by keyboard: arrows, Enter picks, Escape closes', async () => {
    const members = ['bob', 'bella', 'carol'].map((login) => ({
      login,
      avatarUrl: null,
      role: 'member' as const,
      joinedAt: at(100),
    }));
    memberOf([], {
      'POST /api/group-projects/discussion-info': () => ({
        body: { data: makeInfo(group, { viewer: memberViewer, members }) },
      }),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const input = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;

    await user.type(input, 'hi @b');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    // Logins that start with the query, never the user themself.
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toBe(within(list).getByRole('option', { name: 'bob', selected: true }));
    expect(options[1]).toBe(within(list).getByRole('option', { name: 'bella', selected: false }));
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { selected: true })).toBe(options[1]);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await user.keyboard('{Enter}');
    expect(input.value).toBe('hi @bella ');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.type(input, '@c');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Closed, Enter sends as usual.
    expect(input.value).toBe('hi @bella @c');
  });
});

describe('editing and deleting messages', () => {
  const ada = { id: 1, login: 'ada', avatarUrl: null };
  const bob = { id: 2, login: 'bob', avatarUrl: null };

  it('lets the author edit in place: Enter saves, and the message shows as edited', async () => {
    const mine = makeMessage({ id: 7, author: ada, text: 'Meet at 5' });
    const { calls } = memberOf([mine, makeMessage({ id: 8, author: bob, text: 'ok' })], {
      'POST /api/messages/edit-message': (call) => ({
        body: {
          data: { ...mine, text: (call.body as { text: string }).text, editedAt: new Date().toISOString() },
        },
      }),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await within(log).findByText('Meet at 5');
    // Only the reader's own message offers Edit; a member deletes no one else's.
    expect(within(log).getAllByRole('button', { name: /^Edit/ })).toHaveLength(1);
    expect(within(log).queryByRole('button', { name: "Delete bob's message" })).toBeNull();

    await user.click(within(log).getByRole('button', { name: 'Edit your message' }));
    const editor = within(log).getByRole('textbox', { name: 'Edit message' });
    expect(document.activeElement).toBe(editor);
    await user.clear(editor);
    await user.type(editor, 'Meet at 6{Enter}');

    expect(await within(log).findByText('Meet at 6')).toBeTruthy();
    expect(within(log).getByText('edited')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/messages/edit-message')[0]?.body).toEqual({
      groupProjectId: 5,
      messageId: 7,
      text: 'Meet at 6',
    });
  });

  it('Escape leaves the editor without saving', async () => {
    const { calls } = memberOf([makeMessage({ id: 7, author: ada, text: 'as it was' })]);
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await user.click(await within(log).findByRole('button', { name: 'Edit your message' }));
    await user.type(within(log).getByRole('textbox', { name: 'Edit message' }), ' and more{Escape}');
    expect(within(log).getByText('as it was')).toBeTruthy();
    expect(within(log).queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    expect(callsTo(calls, 'POST', '/api/messages/edit-message')).toHaveLength(0);
  });

  it('deletes only after the user confirms, then shows "Message deleted"', async () => {
    const mine = makeMessage({ id: 7, author: ada, text: 'Oops, wrong board' });
    const { calls } = memberOf([mine], {
      'POST /api/messages/delete-message': () => ({
        body: { data: { ...mine, text: '', deletedAt: new Date().toISOString() } },
      }),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await user.click(await within(log).findByRole('button', { name: 'Delete your message' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete message' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', '/api/messages/delete-message')).toHaveLength(0);
    expect(within(log).getByText('Oops, wrong board')).toBeTruthy();

    await user.click(within(log).getByRole('button', { name: 'Delete your message' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete message' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await within(log).findByText('Message deleted')).toBeTruthy();
    expect(within(log).queryByText('Oops, wrong board')).toBeNull();
    expect(within(log).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });

  it('shows edits and deletions pushed live, even one that overtakes its message', async () => {
    const original = makeMessage({ id: 9, author: bob, text: 'first draft' });
    memberOf([original]);
    renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    await within(log).findByText('first draft');
    const socket = await openedSocket();

    const editedAt = new Date().toISOString();
    act(() =>
      socket.deliver({ type: 'message-changed', message: { ...original, text: 'second draft', editedAt } }),
    );
    expect(await within(log).findByText('second draft')).toBeTruthy();
    expect(within(log).getByText('edited')).toBeTruthy();
    // An older version arriving late (a replay that read the row before the edit) does not undo it.
    act(() => socket.deliver({ type: 'message', message: original }));
    expect(within(log).queryByText('first draft')).toBeNull();

    act(() =>
      socket.deliver({
        type: 'message-changed',
        message: { ...original, text: '', editedAt, deletedAt: new Date().toISOString() },
      }),
    );
    expect(await within(log).findByText('Message deleted')).toBeTruthy();
  });

  it('offers the owner Delete on everyone’s messages', async () => {
    const ownerViewer = makeViewer('owner', { post: true, readDiscussion: true, edit: true, delete: true });
    memberOf([makeMessage({ id: 3, author: bob, text: 'from bob' })], {
      ...viewersHandler(() => ownerViewer),
      'POST /api/group-projects/discussion-info': () => ({
        body: { data: makeInfo(group, { viewer: ownerViewer }) },
      }),
    });
    renderApp('/group-projects/5', { session: signedInSession });
    const log = await findLog();
    expect(await within(log).findByRole('button', { name: "Delete bob's message" })).toBeTruthy();
    expect(within(log).queryByRole('button', { name: /^Edit/ })).toBeNull();
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
