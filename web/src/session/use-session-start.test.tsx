import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { renderApp } from '../test/render-app';

function navBar() {
  return within(screen.getByRole('banner'));
}

describe('session start', () => {
  it('asks check-auth when there is no code, and shows the answer', async () => {
    const { calls } = mockApi({
      'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
    });
    renderApp('/group-projects', { session: { isLoginLoading: true } });

    expect(navBar().getByRole('button', { name: 'Loading...' })).toBeTruthy();
    expect(await navBar().findByRole('button', { name: 'Log out' })).toBeTruthy();
    // One check settles the session; the signed-in re-check does not repeat it right away. (The page's own
    // calls, the group list and the user's groups, are not the session's business.)
    const accountCalls = calls.filter((call) => call.url.startsWith('/api/account/'));
    expect(accountCalls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/account/check-auth']);
  });

  it('exchanges ?code=&state= for a session, then takes them out of the URL', async () => {
    const { calls } = mockApi({
      'POST /api/account/login': () => ({
        body: { token: 'realtime-token', returnTo: '/my-projects?view=groups' },
      }),
    });
    const { currentUrl } = renderApp('/?code=the-code&state=the-state', {
      session: { isLoginLoading: true },
    });

    expect(await navBar().findByRole('button', { name: 'Log out' })).toBeTruthy();

    // The code is exchanged exactly once (and before any other account call); a check-auth may follow to
    // confirm the new session. The page loads its own data (the projects list) meanwhile.
    const accountCalls = calls.filter((call) => call.url.startsWith('/api/account/'));
    expect(calls.filter((call) => call.url === '/api/account/login')).toHaveLength(1);
    expect(accountCalls[0]).toMatchObject({ method: 'POST', url: '/api/account/login' });
    expect(accountCalls[0]?.body).toEqual({ code: 'the-code', state: 'the-state' });
    expect(accountCalls[0]?.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    // Back where the user started signing in, with no code left in the address.
    expect(currentUrl()).toBe('/my-projects?view=groups');
    expect(screen.getByRole('heading', { level: 1, name: 'My projects' })).toBeTruthy();
  });

  it('keeps the page and its other parameters when the answer names no place to return to', async () => {
    mockApi({ 'POST /api/account/login': () => ({ body: { token: 't' } }) });
    const { currentUrl } = renderApp('/my-projects?view=projects&code=c&state=s', {
      session: { isLoginLoading: true },
    });

    expect(await navBar().findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(currentUrl()).toBe('/my-projects?view=projects');
  });

  it('tells the user when the exchange fails, logs out and still cleans the URL', async () => {
    mockApi({
      'POST /api/account/login': () => ({
        status: 400,
        body: { error: { code: 'SIGN_IN_FAILED', message: 'The sign-in link has expired.' } },
      }),
    });
    const { currentUrl } = renderApp('/group-projects?code=old&state=s', {
      session: { isLoginLoading: true, isLoggedIn: true },
    });

    const message = await screen.findByText('Issue signing in, please try again.');
    expect(message.closest('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(await navBar().findByRole('button', { name: 'Login with Github' })).toBeTruthy();
    expect(currentUrl()).toBe('/group-projects');
  });
});
