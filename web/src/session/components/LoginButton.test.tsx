import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedCall } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

/** A call that never answers, to hold the app in its waiting state. */
const pending = () => new Promise<never>(() => undefined);

/** The account calls made, in order (the page itself loads its own data meanwhile). */
function accountCalls(calls: readonly RecordedCall[]) {
  return calls
    .filter((call) => call.url.startsWith('/api/account/'))
    .map((call) => `${call.method} ${call.url}`);
}

function navBar() {
  return within(screen.getByRole('banner'));
}

function spyOnAssign() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}

describe('LoginButton', () => {
  it('shows Loading... and does nothing while the session is being checked', async () => {
    const { calls } = mockApi({ 'GET /api/account/check-auth': pending });
    const assign = spyOnAssign();
    const { user } = renderApp('/', { session: { isLoginLoading: true } });

    const button = navBar().getByRole('button', { name: 'Loading...' });
    await user.click(button);

    expect(assign).not.toHaveBeenCalled();
    expect(accountCalls(calls)).toEqual(['GET /api/account/check-auth']);
    expect(navBar().queryByRole('button', { name: /login with github|log out/i })).toBeNull();
  });

  it('shows Login with Github once check-auth fails, and sends the browser to sign in from this page', async () => {
    mockApi(); // check-auth answers 404 until the accounts routes exist: that means logged out
    const assign = spyOnAssign();
    const { user } = renderApp('/my-projects?view=projects', { session: { isLoginLoading: true } });

    const button = await navBar().findByRole('button', { name: 'Login with Github' });
    // GitHub's mark is shown, hidden from screen readers: the name stays the spec's label.
    expect(button.querySelector('span[aria-hidden="true"]')).not.toBeNull();
    await user.click(button);

    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/account/authorize?returnTo=%2Fmy-projects%3Fview%3Dprojects');
  });

  it('shows Log out when logged in; logging out ends the session and forgets cached data', async () => {
    const { calls } = mockApi({
      'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: true } }),
      'DELETE /api/account/logout': () => ({ status: 204 }),
    });
    const assign = spyOnAssign();
    const { user, queryClient } = renderApp('/', { session: { isLoginLoading: true } });

    const button = await navBar().findByRole('button', { name: 'Log out' });
    queryClient.setQueryData(['group-projects', 'saved'], { data: [{ groupProjectId: 1 }] });

    await user.click(button);

    // This server signs in through its development page, and the button says so.
    const login = await navBar().findByRole('button', {
      name: 'Login with Github',
      description: /^Development sign-in is on/,
    });
    expect(await within(login).findByText('dev')).toBeTruthy();
    expect(login.getAttribute('title')).toMatch(/^Development sign-in is on/);
    const logout = calls.find((call) => call.url === '/api/account/logout');
    expect(logout).toMatchObject({ method: 'DELETE', body: {} });
    expect(queryClient.getQueryData(['group-projects', 'saved'])).toBeUndefined();
    expect(assign).not.toHaveBeenCalled();
  });

  it('stays logged in and says so when logging out fails', async () => {
    mockApi({
      'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
      'DELETE /api/account/logout': () => ({
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'x' } },
      }),
    });
    const { user } = renderApp('/', { session: { isLoginLoading: true } });

    await user.click(await navBar().findByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Could not log out, please try again.')).toBeTruthy();
    expect(navBar().getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('shows only the expiry toast when the session had already ended', async () => {
    mockApi({
      'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
      'DELETE /api/account/logout': () => ({
        status: 403,
        body: {
          error: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' },
        },
      }),
    });
    const { user } = renderApp('/', { session: { isLoginLoading: true } });

    await user.click(await navBar().findByRole('button', { name: 'Log out' }));

    expect(await screen.findByText("You're session expired, please log back in.")).toBeTruthy();
    expect(await navBar().findByRole('button', { name: 'Login with Github' })).toBeTruthy();
    expect(screen.queryByText('Could not log out, please try again.')).toBeNull();
  });

  it('shows Loading... and does nothing while a GitHub code is in the URL', async () => {
    const { calls } = mockApi({ 'POST /api/account/login': pending });
    const assign = spyOnAssign();
    // The session itself is settled and logged out: only the code in the URL holds the button.
    const { user } = renderApp('/?code=abc&state=xyz', {
      session: { isLoginLoading: false, isLoggedIn: false },
    });

    const button = navBar().getByRole('button', { name: 'Loading...' });
    await user.click(button);

    // The exchange's code loads only when a sign-in comes back: its one call follows that load.
    await waitFor(() => expect(accountCalls(calls)).toEqual(['POST /api/account/login']));
    expect(assign).not.toHaveBeenCalled();
  });
});
