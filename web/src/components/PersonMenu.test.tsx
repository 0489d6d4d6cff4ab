import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { PersonMenu } from './PersonMenu';

function renderMenu(enabled = true) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PersonMenu login="troll" enabled={enabled} />
    </QueryClientProvider>,
  );
  return { user };
}

describe("a person's menu", () => {
  it('reports them with a reason, in a dialog', async () => {
    const { calls } = mockApi({
      'GET /api/account/blocks': () => ({ body: { data: [] } }),
      'POST /api/users/report': () => ({ status: 201, body: { login: 'troll', status: 'open' } }),
    });
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'More for troll' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report troll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report troll' });

    // No reason, no report.
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Give a reason.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Reason'), 'Spams every board');
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { login: 'troll', reason: 'Spams every board' },
      ]),
    );
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    mockApi({
      'GET /api/account/blocks': () => ({ body: { data: [] } }),
      'POST /api/users/report': () => ({
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'You cannot report yourself.' } },
      }),
    });
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'More for troll' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report troll' }));
    await user.type(await screen.findByLabelText('Reason'), 'x');
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('You cannot report yourself.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Report troll' })).toBeTruthy();
  });

  it('blocks them, then offers Unblock', async () => {
    const { calls } = mockApi({
      'GET /api/account/blocks': () => ({ body: { data: [] } }),
      'POST /api/account/blocks': () => ({
        body: {
          data: [{ login: 'troll', name: null, avatarUrl: null, blockedAt: '2026-11-20T10:00:00.000Z' }],
        },
      }),
    });
    const { user } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'More for troll' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block troll' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { login: 'troll' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'More for troll' }));
    expect(await screen.findByRole('menuitem', { name: 'Unblock troll' })).toBeTruthy();
  });

  it('is not there for someone signed out or on one’s own name', () => {
    mockApi({});
    renderMenu(false);
    expect(screen.queryByRole('button', { name: 'More for troll' })).toBeNull();
  });
});
