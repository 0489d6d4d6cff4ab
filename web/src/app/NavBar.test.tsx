import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { renderApp } from '../test/render-app';

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
  it('shows the title, a home link, the three links and the call to action', () => {
    mockApi();
    renderApp('/');

    const home = screen.getByRole('link', { name: 'OpenLFG home' });
    expect(home.getAttribute('href')).toBe('/');
    expect(within(home).getByText('OpenLFG')).toBeTruthy();

    const links = mainNav().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Open source projects', '/'],
      ['Looking for group', '/group-projects'],
      ['My projects', '/my-projects?view=groups'],
    ]);
    expect(screen.getByRole('link', { name: 'Post a group project' }).getAttribute('href')).toBe(
      '/group-projects?post=new',
    );
  });

  it.each([
    ['/', ['Open source projects']],
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

  it('moves the selection when the user follows a link', async () => {
    mockApi();
    const { user, currentUrl } = renderApp('/');

    await user.click(mainNav().getByRole('link', { name: 'Looking for group' }));

    expect(currentUrl()).toBe('/group-projects');
    expect(selectedNavLinks()).toEqual(['Looking for group']);
    expect(screen.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeTruthy();
  });
});
