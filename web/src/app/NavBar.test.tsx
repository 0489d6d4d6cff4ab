import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { THEME_STORAGE_KEY } from '../lib/theme';
import { renderApp } from '../test/render-app';
import { signedInAs, signedInSession } from '../features/moderation/test-fixtures';

// The moderation page is loaded lazily; loading it once up front keeps the first test within findBy's wait on a
// busy machine.
beforeAll(async () => {
  await import('../features/moderation/routes/ModerationPage');
});

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

function selectedNavLinks() {
  return mainNav()
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('NavBar', () => {
  it('shows the title, a home link, the four links and the call to action', () => {
    mockApi();
    renderApp('/');

    const home = screen.getByRole('link', { name: 'OpenLFG home' });
    expect(home.getAttribute('href')).toBe('/');
    expect(within(home).getByText('OpenLFG')).toBeTruthy();

    const links = mainNav().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Open source projects', '/'],
      ['Find an issue', '/issues'],
      ['Looking for group', '/group-projects'],
      ['My projects', '/my-projects?view=groups'],
    ]);
    expect(screen.getByRole('link', { name: 'Post a group project' }).getAttribute('href')).toBe(
      '/group-projects?post=new',
    );
  });

  it.each([
    ['/', ['Open source projects']],
    ['/issues', ['Find an issue']],
    ['/issues?sort=newest', ['Find an issue']],
    ['/group-projects', ['Looking for group']],
    ['/group-projects?post=new', ['Looking for group']],
    ['/group-projects/42', ['Looking for group']],
    ['/my-projects?view=projects', ['My projects']],
    ['/my-projects', ['My projects']],
    ['/my-projects?view=groups', ['My projects']],
    ['/unknown', []],
    ['/group-projectsx', []],
  ])('at %s the selected link is %j', (url, expected) => {
    mockApi();
    renderApp(url);
    expect(selectedNavLinks()).toEqual(expected);
  });

  it('switches to dark mode and back, and remembers the choice', async () => {
    mockApi();
    document.documentElement.dataset.theme = 'light';
    const { user } = renderApp('/');
    const toggle = within(screen.getByRole('banner')).getByRole('button', { name: 'Dark mode' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    localStorage.removeItem(THEME_STORAGE_KEY);
  });

  it('moves the selection when the user follows a link', async () => {
    mockApi();
    const { user, currentUrl } = renderApp('/');

    await user.click(mainNav().getByRole('link', { name: 'Looking for group' }));

    expect(currentUrl()).toBe('/group-projects');
    expect(selectedNavLinks()).toEqual(['Looking for group']);
    expect(screen.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeTruthy();
  });

  describe('the Moderation link', () => {
    it('follows the main links for a moderator, and is selected in the moderation area', async () => {
      mockApi(signedInAs({ moderator: true }));
      const { user, currentUrl } = renderApp('/', { session: signedInSession });

      const link = await mainNav().findByRole('link', { name: 'Moderation' });
      expect(link.getAttribute('href')).toBe('/admin');
      expect(mainNav().getAllByRole('link').at(-1)).toBe(link);

      await user.click(link);

      // The moderation page loads lazily: the address changes once its code is in.
      expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy();
      expect(currentUrl()).toBe('/admin');
      expect(selectedNavLinks()).toEqual(['Moderation']);
    });

    it('is not shown to a signed-in user who does not moderate', async () => {
      const { calls } = mockApi(signedInAs({ moderator: false }));
      renderApp('/', { session: signedInSession });

      await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/me')).toBe(true));
      expect(mainNav().queryByRole('link', { name: 'Moderation' })).toBeNull();
    });

    it('never makes an anonymous visitor ask whether they moderate', async () => {
      const { calls } = mockApi(signedInAs({ moderator: true }));
      renderApp('/');

      await waitFor(() => expect(calls.some((call) => call.url === '/api/account/check-auth')).toBe(true));
      expect(calls.some((call) => call.url === '/api/admin/me')).toBe(false);
      expect(mainNav().queryByRole('link', { name: 'Moderation' })).toBeNull();
    });
  });
});
