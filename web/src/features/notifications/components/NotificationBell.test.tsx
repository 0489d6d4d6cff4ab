import type { Notification } from '@openlfg/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { signedInAs, signedInSession } from '../../groups/test-fixtures';
import { FakeSocket } from '../../../realtime/fake-socket';
import { stubRealtimeSockets } from '../../../realtime/fake-socket-hooks';
import { makeNotification } from '../test-fixtures';

function withNotifications(notifications: Notification[], unreadCount: number) {
  let count = unreadCount;
  return mockApi({
    ...signedInAs(),
    'GET /api/notifications/unread': () => ({ body: { unreadCount: count } }),
    'GET /api/notifications': () => ({ body: { data: notifications, hasOlder: false } }),
    'POST /api/notifications/read-all': () => {
      count = 0;
      return { body: { unreadCount: 0 } };
    },
    'POST /api/notifications/read': () => {
      count -= 1;
      return { body: { unreadCount: count } };
    },
  });
}

stubRealtimeSockets();

describe('the notification bell', () => {
  it('is not there for visitors who are not signed in', async () => {
    mockApi();
    renderApp('/');
    await screen.findByRole('link', { name: 'OpenLFG home' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('shows the unread count, and counts up live when the socket pushes a new one', async () => {
    withNotifications([], 2);
    renderApp('/', { session: signedInSession });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    // Once the count has loaded, the tab's socket follows it.
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.latest();
    act(() => socket.deliver({ type: 'ready', userId: 1 }));
    expect(socket.sent).toEqual([{ type: 'follow-notifications' }]);
    act(() => socket.deliver({ type: 'notifications', unreadCount: 3 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBe(bell);
  });

  it('opens the latest with read and unread apart, each linking to its object; Escape closes and gives focus back', async () => {
    withNotifications(
      [
        makeNotification({ kind: 'request-declined', note: 'We are full' }),
        makeNotification({
          kind: 'join-requested',
          actor: { login: 'bob', avatarUrl: null },
          readAt: new Date().toISOString(),
        }),
        makeNotification({ kind: 'group-deleted', actor: null, note: 'Spam' }),
      ],
      2,
    );
    const { user } = renderApp('/', { session: signedInSession });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const list = await within(panel).findByRole('list', { name: 'Notifications' });
    const [declined, asked, deleted] = within(list).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(declined?.textContent).toContain('Unread: alice declined your request to join Rust CLI');
    expect(declined?.textContent).toContain('“We are full”');
    expect(within(declined).getByRole('link').getAttribute('href')).toBe('/group-projects/7');
    // Read: no "Unread" for screen readers.
    expect(asked?.textContent).toMatch(/^bob asked to join Rust CLI/);
    // A deleted group has nothing to link to: it is marked read with its own button.
    expect(within(deleted).queryByRole('link')).toBeNull();
    expect(within(deleted).getByRole('button', { name: /Mark read/ })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/notifications');

    await user.keyboard('{Tab}');
    await user.keyboard('{Escape}');
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(bell);
    expect(panel.hidden).toBe(true);
  });

  it('marks all read: the count goes away', async () => {
    const { calls } = withNotifications([makeNotification()], 1);
    const { user } = renderApp('/', { session: signedInSession });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/read-all'))).toBe(true);
  });

  it('says so when the list cannot be loaded, with a way to try again', async () => {
    mockApi({
      ...signedInAs(),
      'GET /api/notifications/unread': () => ({ body: { unreadCount: 1 } }),
      'GET /api/notifications': () => ({
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
      }),
    });
    const { user } = renderApp('/', { session: signedInSession });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const title = await screen.findByText('Your notifications could not be loaded.');
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the side menu on a phone', () => {
  it('links to the notifications with the unread count, for signed-in users', async () => {
    withNotifications([], 4);
    const { user } = renderApp('/', { session: signedInSession });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const link = await within(menu).findByRole('link', { name: 'Notifications, 4 unread' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(link.textContent).toBe('Notifications4');
  });
});
