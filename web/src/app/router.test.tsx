import { existsSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { renderApp } from '../test/render-app';
import { pageModules, pageParts } from './page-modules';
import { routes } from './router';

/** Every page's route as the router spells it out, from the root. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own =
      route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const here = route.index || (route.path !== undefined && !route.children) ? [own] : [];
    return [...here, ...pagePaths(route.children ?? [], own)];
  });
}

describe('the table of page modules, from which the server preloads a page’s code', () => {
  it('has every page of the router and no other', () => {
    expect(Object.keys(pageModules).sort()).toEqual(pagePaths(routes).sort());
  });

  it('names modules that exist', () => {
    for (const module of [...Object.values(pageModules), ...Object.values(pageParts).flat()]) {
      if (module !== null) expect(existsSync(path.join(import.meta.dirname, '../..', module))).toBe(true);
    }
  });

  it('names the parts a page shows as it opens by routes of its pages', () => {
    for (const route of Object.keys(pageParts)) expect(pageModules[route]).toEqual(expect.any(String));
  });
});

describe('pages', () => {
  it.each([
    ['/', 'Open source projects', 'OpenLFG - Open source projects'],
    ['/group-projects', 'Looking for group', 'OpenLFG - Looking for group'],
    ['/my-projects?view=groups', 'My projects', 'OpenLFG - My projects'],
  ])('%s shows "%s" and titles the tab', (url, heading, title) => {
    mockApi();
    renderApp(url);

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('main').textContent).not.toMatch(/todo/i);
    expect(document.title).toBe(title);
  });

  it('shows a friendly page for unknown paths, with a way back', async () => {
    mockApi();
    const { user, currentUrl } = renderApp('/no/such/page');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/no/such/page')).toBeTruthy();
    expect(document.title).toBe('OpenLFG - Page not found');

    await user.click(screen.getByRole('link', { name: 'Back to open source projects' }));

    expect(currentUrl()).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Open source projects' })).toBeTruthy();
  });

  describe('/my-projects', () => {
    const signedIn = { isLoginLoading: false, isLoggedIn: true };
    const userInfo = {
      'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
      'GET /api/account/user-info': () => ({
        body: {
          user: {
            id: 1,
            login: 'ada',
            name: 'Ada Lovelace',
            avatarUrl: null,
            profileUrl: 'https://github.com/ada',
          },
        },
      }),
    };

    function viewTabs() {
      return within(screen.getByRole('navigation', { name: 'My projects views' }));
    }

    it.each([
      ['/my-projects?view=groups', 'My groups'],
      ['/my-projects?view=projects', 'Saved projects'],
      ['/my-projects', 'My groups'],
      ['/my-projects?view=nonsense', 'My groups'],
    ])('%s selects "%s"', (url, selected) => {
      mockApi(userInfo);
      renderApp(url, { session: signedIn });

      const current = viewTabs()
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page');
      expect(current.map((link) => link.textContent)).toEqual([selected]);
      expect(screen.getByRole('heading', { level: 2, name: selected })).toBeTruthy();
    });

    it('switches view with the tabs', async () => {
      mockApi(userInfo);
      const { user, currentUrl } = renderApp('/my-projects?view=groups', { session: signedIn });

      await user.click(viewTabs().getByRole('link', { name: 'Saved projects' }));

      expect(currentUrl()).toBe('/my-projects?view=projects');
      expect(screen.getByRole('heading', { level: 2, name: 'Saved projects' })).toBeTruthy();
    });

    it('says who is signed in', async () => {
      const { calls } = mockApi(userInfo);
      renderApp('/my-projects?view=groups', { session: signedIn });

      expect(await screen.findByText('Signed in as Ada Lovelace')).toBeTruthy();
      expect(screen.getByRole('link', { name: '@ada on GitHub' }).getAttribute('href')).toBe(
        'https://github.com/ada',
      );
      expect(calls.filter((call) => call.url === '/api/account/user-info')).toHaveLength(1);
    });

    it('asks an anonymous visitor to sign in, coming back to the same view, and fetches no user data', async () => {
      const { calls } = mockApi();
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
      const { user } = renderApp('/my-projects?view=projects');

      expect(screen.getByRole('heading', { level: 2, name: 'Sign in to see your projects' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'My projects views' })).toBeNull();
      await user.click(within(screen.getByRole('main')).getByRole('button', { name: /^Login with Github/ }));
      expect(assign).toHaveBeenCalledWith('/api/account/authorize?returnTo=%2Fmy-projects%3Fview%3Dprojects');
      expect(calls.some((call) => call.url === '/api/account/user-info')).toBe(false);
    });
  });
});
