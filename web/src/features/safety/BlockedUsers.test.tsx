import type { BlocksResponse, MailSettings } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { signedInHandlers, signedInSession } from '../issues/test-fixtures';

const mailSettings: MailSettings = {
  available: true,
  email: null,
  confirmed: false,
  digest: 'daily',
  confirmationNextAt: null,
  confirmationPending: false,
};
const blockedTroll: BlocksResponse = {
  data: [{ login: 'troll', name: 'A Troll', avatarUrl: null, blockedAt: '2026-11-20T10:00:00.000Z' }],
};

describe('the blocked users on the settings page', () => {
  it('lists the people I blocked, and Unblock takes one off the list', async () => {
    const { calls } = mockApi({
      ...signedInHandlers,
      'GET /api/account/mail-settings': () => ({ body: mailSettings }),
      'GET /api/account/blocks': () => ({ body: blockedTroll }),
      'DELETE /api/account/blocks': () => ({ body: { data: [] } }),
    });
    const { user } = renderApp('/settings/email', { session: signedInSession });

    const list = await screen.findByRole('list', { name: 'Blocked users' });
    expect(within(list).getByText('troll')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Unblock troll' }));

    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
        { login: 'troll' },
      ]),
    );
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Blocked users' })).toBeNull();
  });

  it('is not shown signed out, nor on the mail links’ pages', async () => {
    mockApi({ 'GET /api/account/check-auth': () => ({ body: { authenticated: false, devSignIn: false } }) });
    renderApp('/settings/email');
    expect(await screen.findByText('Sign in to choose how we email you.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Blocked users' })).toBeNull();
  });
});
