import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { renderApp } from '../test/render-app';
import { signedInAs, signedInSession } from '../features/moderation/test-fixtures';

// The moderation page is loaded lazily; loading it once up front keeps the first test within findBy's wait on a
// busy machine.
beforeAll(async () => {
  await import('../features/moderation/routes/ModerationPage');
});

async function openMenu() {
  mockApi();
  const app = renderApp('/');
  const hamburger = screen.getByRole('button', { name: 'Open menu' });
  await app.user.click(hamburger);
  const menu = screen.getByRole('dialog', { name: 'Menu' });
  return { ...app, hamburger, menu };
}

describe('MobileMenu', () => {
  it('is out of reach until the hamburger opens it', async () => {
    mockApi();
    const { user } = renderApp('/');
    const hamburger = screen.getByRole('button', { name: 'Open menu' });

    expect(hamburger.getAttribute('aria-expanded')).toBe('false');
    expect(hamburger.getAttribute('aria-controls')).toBe(screen.getByTestId('mobile-menu').id);
    // Kept in the DOM for the slide transition, but hidden from screen readers and the keyboard.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('mobile-menu').hasAttribute('inert')).toBe(true);

    await user.click(hamburger);

    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(menu.getAttribute('aria-modal')).toBe('true');
    expect(menu.hasAttribute('inert')).toBe(false);
    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Open source projects',
      'Find an issue',
      'Looking for group',
      'My projects',
      'Post a group project',
    ]);
    expect(within(menu).getByRole('button', { name: 'Login with Github' })).toBeTruthy();
  });

  it('moves focus into the menu and keeps Tab and Shift+Tab inside it', async () => {
    const { user, menu } = await openMenu();
    const close = within(menu).getByRole('button', { name: 'Close menu' });
    const last = within(menu).getByRole('button', { name: 'Dark mode' });

    expect(document.activeElement).toBe(close);

    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);

    await user.tab();
    expect(document.activeElement).toBe(close);

    await user.tab();
    expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'Open source projects' }));
  });

  it('closes on Escape and gives focus back to the hamburger', async () => {
    const { user, hamburger } = await openMenu();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hamburger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(hamburger);
  });

  it('closes on a click on the overlay', async () => {
    const { user, hamburger } = await openMenu();

    await user.click(screen.getByTestId('menu-overlay'));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(hamburger);
  });

  it('closes with the Close menu button', async () => {
    const { user, menu } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));

    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('locks page scrolling while open and restores it after', async () => {
    document.body.style.overflow = 'auto';
    const { user } = await openMenu();

    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');

    expect(document.body.style.overflow).toBe('auto');
  });

  it('closes when a link in it is followed, and the page changes', async () => {
    const { user, menu, currentUrl } = await openMenu();

    await user.click(within(menu).getByRole('link', { name: 'Looking for group' }));

    expect(currentUrl()).toBe('/group-projects');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeTruthy();
  });

  it('closes on any route change', async () => {
    const { router } = await openMenu();

    await router.navigate('/my-projects?view=groups');

    expect(await screen.findByRole('heading', { level: 1, name: 'My projects' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('holds the Moderation link for a moderator', async () => {
    mockApi(signedInAs({ moderator: true }));
    const { user } = renderApp('/', { session: signedInSession });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });

    const link = await within(menu).findByRole('link', { name: 'Moderation' });

    expect(link.getAttribute('href')).toBe('/admin');
    await user.click(link);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy();
  });
});
