import { focusManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { renderApp } from '../test/render-app';
import {
  listResponse,
  makeProject,
  projectsHandler,
  signedInHandlers,
} from '../features/projects/test-fixtures';

const navBar = () => within(screen.getByRole('banner'));
const signedIn = { isLoginLoading: false, isLoggedIn: true };
const EXPIRED = "You're session expired, please log back in.";
const stillSignedIn = {
  'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
};

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('session expiry', () => {
  it('signs out, forgets cached data and says so when a call answers 403', async () => {
    mockApi({
      'GET /api/account/user-info': () => ({
        status: 403,
        body: {
          error: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' },
        },
      }),
    });
    const { queryClient } = renderApp('/my-projects?view=groups', { session: signedIn });
    queryClient.setQueryData(['group-projects', 'saved'], { data: [{ groupProjectId: 1 }] });

    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(await navBar().findByRole('button', { name: /^Login with Github/ })).toBeTruthy();
    expect(queryClient.getQueryData(['group-projects', 'saved'])).toBeUndefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in to see your projects' })).toBeTruthy();
    // One toast, however many calls failed.
    expect(screen.getAllByText(EXPIRED)).toHaveLength(1);
  });

  it("shows only its own toast when an action fails with 403, not the server's words as well", async () => {
    const serverWords = 'Your session has expired. Please sign in again.';
    mockApi({
      ...stillSignedIn,
      ...signedInHandlers,
      ...projectsHandler(() => listResponse([makeProject({ name: 'tokio' })])),
      'POST /api/projects/save': () => ({
        status: 403,
        body: { error: { code: 'SESSION_EXPIRED', message: serverWords } },
      }),
    });
    const { user } = renderApp('/', { session: signedIn });
    await user.click(await screen.findByRole('button', { name: /^Save tokio/ }));

    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(screen.getAllByText(EXPIRED)).toHaveLength(1);
    expect(screen.queryByText(serverWords)).toBeNull();
  });

  it('keeps the user signed in on a 403 that only means "not allowed"', async () => {
    mockApi({
      ...stillSignedIn,
      'GET /api/account/user-info': () => ({
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'Only members can read this board.' } },
      }),
    });
    renderApp('/my-projects?view=groups', { session: signedIn });

    expect(await screen.findByText('Your profile could not be loaded. Please reload the page.')).toBeTruthy();
    expect(navBar().getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByText(EXPIRED)).toBeNull();
  });

  it('notices on returning to the tab that the session ended elsewhere', async () => {
    let authenticated = true;
    const { calls } = mockApi({
      'GET /api/account/check-auth': () => ({ body: { authenticated, devSignIn: false } }),
    });
    renderApp('/', { session: { isLoginLoading: true } });
    expect(await navBar().findByRole('button', { name: 'Log out' })).toBeTruthy();

    authenticated = false;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });

    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(await navBar().findByRole('button', { name: /^Login with Github/ })).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/account/check-auth').length).toBeGreaterThanOrEqual(2);
  });
});

describe('the login modal', () => {
  it('opens for an anonymous visitor who wants to post, and signs in towards the post form', async () => {
    mockApi({ 'GET /api/account/check-auth': () => ({ body: { authenticated: false, devSignIn: false } }) });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user, currentUrl } = renderApp('/');

    const cta = within(screen.getByRole('banner')).getByRole('link', { name: 'Post a group project' });
    await user.click(cta);

    const dialog = screen.getByRole('dialog', { name: 'Sign in to continue' });
    expect(currentUrl()).toBe('/');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(within(dialog).getByRole('button', { name: /^Login with Github/ }));
    expect(assign).toHaveBeenCalledWith('/api/account/authorize?returnTo=%2Fgroup-projects%3Fpost%3Dnew');
  });

  it('closes on Escape and on "Not now", giving focus back', async () => {
    mockApi();
    const { user } = renderApp('/');
    const cta = within(screen.getByRole('banner')).getByRole('link', { name: 'Post a group project' });

    await user.click(cta);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Sign in to continue' })).toBeNull();
    expect(document.activeElement).toBe(cta);
    expect(document.body.style.overflow).not.toBe('hidden');

    await user.click(cta);
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog', { name: 'Sign in to continue' })).toBeNull();
  });

  it('is not in the way of a signed-in user', async () => {
    mockApi(stillSignedIn);
    const { user, currentUrl } = renderApp('/', { session: signedIn });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Post a group project' }));
    expect(currentUrl()).toBe('/group-projects?post=new');
    expect(screen.queryByRole('dialog', { name: 'Sign in to continue' })).toBeNull();
  });
});

describe('a cancelled sign-in', () => {
  it('says so, exchanges nothing, and cleans the URL', async () => {
    const { calls } = mockApi({
      'GET /api/account/check-auth': () => ({ body: { authenticated: false, devSignIn: false } }),
    });
    const { currentUrl } = renderApp(
      '/group-projects?error=access_denied&error_description=The+user+has+denied&state=s',
      { session: { isLoginLoading: true } },
    );

    expect(await screen.findByText('Sign-in was cancelled.')).toBeTruthy();
    expect(currentUrl()).toBe('/group-projects');
    expect(calls.some((call) => call.url === '/api/account/login')).toBe(false);
    expect(await navBar().findByRole('button', { name: /^Login with Github/ })).toBeTruthy();
  });
});
