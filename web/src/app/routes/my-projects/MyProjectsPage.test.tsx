import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listResponse, makeProject, projectsHandler } from '../../../features/projects/test-fixtures';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';

const signedIn = { isLoginLoading: false, isLoggedIn: true };
const account: Record<string, MockHandler> = {
  'GET /api/account/check-auth': () => ({ body: { authenticated: true, devSignIn: false } }),
  'GET /api/account/user-info': () => ({
    body: {
      user: { id: 1, login: 'ada', name: null, avatarUrl: null, profileUrl: 'https://github.com/ada' },
    },
  }),
};

function savedSection() {
  return screen.getByRole('region', { name: 'Saved projects' });
}

describe('My projects, saved projects view', () => {
  it("lists the user's saved projects as cards, saved", async () => {
    mockApi({
      ...account,
      'GET /api/projects/saved': () => ({
        body: {
          data: [makeProject({ projectId: 3, name: 'tokio' }), makeProject({ projectId: 4, name: 'serde' })],
        },
      }),
    });
    renderApp('/my-projects?view=projects', { session: signedIn });

    const list = await within(savedSection()).findByRole('list', { name: 'Saved projects' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'tokio (opens GitHub in a new tab)',
      'serde (opens GitHub in a new tab)',
    ]);
    const save = within(cards[0] as HTMLElement).getByRole('button', { name: 'Saved tokio' });
    expect(save.getAttribute('aria-pressed')).toBe('true');
  });

  it('takes a project off the list when it is unsaved', async () => {
    let saved = [makeProject({ projectId: 3, name: 'tokio' })];
    mockApi({
      ...account,
      'GET /api/projects/saved': () => ({ body: { data: saved } }),
      'DELETE /api/projects/save': () => {
        saved = [];
        return { body: { projectId: 3, saved: false, saves: 0 } };
      },
    });
    const { user } = renderApp('/my-projects?view=projects', { session: signedIn });

    await user.click(await within(savedSection()).findByRole('button', { name: 'Saved tokio' }));

    expect(await within(savedSection()).findByText('You have not saved any projects yet.')).toBeTruthy();
    // Focus stays where the card was rather than going back to the top of the page.
    expect(savedSection().contains(document.activeElement)).toBe(true);
  });

  it('says when nothing is saved yet, with a way to the projects list', async () => {
    mockApi({
      ...account,
      ...projectsHandler(() => listResponse([makeProject({ name: 'anything' })])),
      'GET /api/projects/saved': () => ({ body: { data: [] } }),
    });
    const { user, currentUrl } = renderApp('/my-projects?view=projects', { session: signedIn });

    expect(await within(savedSection()).findByText('You have not saved any projects yet.')).toBeTruthy();
    await user.click(within(savedSection()).getByRole('link', { name: 'Browse open source projects' }));

    expect(currentUrl()).toBe('/');
    expect(await screen.findByRole('article', { name: /^anything/ })).toBeTruthy();
  });

  it('says when the saved projects could not be loaded, with Try again', async () => {
    let attempts = 0;
    mockApi({
      ...account,
      'GET /api/projects/saved': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } } }
          : { body: { data: [makeProject({ name: 'tokio' })] } };
      },
    });
    const { user } = renderApp('/my-projects?view=projects', { session: signedIn });

    const alert = await within(savedSection()).findByRole('alert');
    expect(alert.textContent).toContain('Your saved projects could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await within(savedSection()).findByRole('article', { name: /^tokio/ })).toBeTruthy();
  });

  it('does not ask for saved projects in the groups view', async () => {
    const { calls } = mockApi(account);
    renderApp('/my-projects?view=groups', { session: signedIn });

    expect(await screen.findByText('Signed in as ada')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/projects/saved')).toBe(false);
  });
});
