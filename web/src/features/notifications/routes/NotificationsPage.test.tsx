import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { signedInAs, signedInSession } from '../../groups/test-fixtures';
import { makeNotification } from '../test-fixtures';

describe('the notifications page', () => {
  it('lists every notification a page at a time, older ones on request', async () => {
    const newer = [
      makeNotification({ subject: 'Newest' }),
      makeNotification({ kind: 'member-left', subject: 'Jam' }),
    ];
    const older = [
      makeNotification({
        kind: 'project-request-approved',
        actor: null,
        subject: 'acme/tool',
        groupProjectId: null,
      }),
    ];
    const { calls } = mockApi({
      ...signedInAs(),
      'GET /api/notifications/unread': () => ({ body: { unreadCount: 0 } }),
      'GET /api/notifications': (call) =>
        call.url.includes('before=')
          ? { body: { data: older, hasOlder: false } }
          : { body: { data: newer, hasOlder: true } },
    });
    const { user } = renderApp('/notifications', { session: signedInSession });
    const page = await screen.findByRole('region', { name: 'All notifications' });
    const list = await within(page).findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.textContent).toContain('alice left Jam');

    await user.click(within(page).getByRole('button', { name: 'Show older' }));
    const added = await within(list).findByRole('link', {
      name: 'A moderator added acme/tool to the catalogue',
    });
    expect(added.getAttribute('href')).toBe('/?q=acme%2Ftool');
    expect(calls.some((call) => call.url.includes(`before=${newer[1]?.id}`))).toBe(true);
    expect(within(page).queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    mockApi({
      ...signedInAs(),
      'GET /api/notifications/unread': () => ({ body: { unreadCount: 0 } }),
      'GET /api/notifications': () => ({ body: { data: [], hasOlder: false } }),
    });
    renderApp('/notifications', { session: signedInSession });
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
  });

  it('asks visitors to sign in', async () => {
    mockApi();
    renderApp('/notifications');
    expect(await screen.findByText('Sign in to see your notifications.')).toBeTruthy();
  });
});
