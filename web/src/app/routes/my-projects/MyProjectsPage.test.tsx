import type { MyJoinRequest } from '@openlfg/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeGroup, makeViewer, signedInAs, viewersHandler } from '../../../features/groups/test-fixtures';
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
      'tokio',
      'serde',
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

describe('My projects, group views', () => {
  const owned = makeGroup({ groupProjectId: 1, title: 'Mine' });
  const joined = makeGroup({ groupProjectId: 2, title: 'Joined' });

  it('shows my groups by default, with my role on each, and the tabs', async () => {
    mockApi({
      ...signedInAs({
        myGroups: [
          { ...owned, role: 'owner' },
          { ...joined, role: 'member' },
        ],
      }),
    });
    renderApp('/my-projects', { session: signedIn });

    const tabs = screen.getByRole('navigation', { name: 'My projects views' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['My groups', 'Posted by me', 'Saved groups', 'Saved projects', 'My requests']);
    expect(within(tabs).getByRole('link', { name: 'My groups' }).getAttribute('aria-current')).toBe('page');
    const mine = await screen.findByRole('article', { name: 'Mine' });
    expect(within(mine).getByText('Owner')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Joined' })).getByText('Member')).toBeTruthy();
  });

  it('switches to the groups I posted and my saved groups', async () => {
    mockApi({
      ...signedInAs({ saved: [joined] }),
      ...viewersHandler(() => makeViewer('none', { join: true, report: true, save: true })),
      'GET /api/group-projects/created-projects': () => ({ body: { data: [owned] } }),
    });
    const { user, currentUrl } = renderApp('/my-projects?view=groups', { session: signedIn });

    await user.click(screen.getByRole('link', { name: 'Posted by me' }));
    expect(currentUrl()).toBe('/my-projects?view=created');
    expect(await screen.findByRole('article', { name: 'Mine' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Saved groups' }));
    const saved = await screen.findByRole('article', { name: 'Joined' });
    expect(
      (await within(saved).findByRole('button', { name: 'Saved Joined' })).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('lists my pending requests and cancels one', async () => {
    let requests: MyJoinRequest[] = [
      {
        groupProjectId: 9,
        title: 'Secret',
        requestedAt: new Date().toISOString(),
        status: 'pending',
        decidedAt: null,
        note: null,
      },
    ];
    const { calls } = mockApi({
      ...signedInAs(),
      'GET /api/group-projects/request': () => ({ body: { data: requests } }),
      'DELETE /api/group-projects/request': () => {
        requests = [];
        return { body: { groupProjectId: 9, memberCount: 1, viewer: makeViewer('none', { request: true }) } };
      },
    });
    const { user } = renderApp('/my-projects?view=requests', { session: signedIn });

    const list = await screen.findByRole('list', { name: 'My requests' });
    expect(within(list).getByRole('link', { name: 'Secret' }).getAttribute('href')).toBe('/group-projects/9');
    await user.click(within(list).getByRole('button', { name: 'Cancel request to join Secret' }));

    expect(await screen.findByText('You have no pending requests.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ groupProjectId: 9 });
  });

  it("keeps decided requests with the decision, its time and the owner's note, without Cancel", async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000 - 60_000).toISOString();
    mockApi({
      ...signedInAs(),
      'GET /api/group-projects/request': () => ({
        body: {
          data: [
            {
              groupProjectId: 3,
              title: 'Rust CLI',
              requestedAt: twoDaysAgo,
              status: 'rejected',
              decidedAt: twoDaysAgo,
              note: 'We are full',
            },
            {
              groupProjectId: 4,
              title: 'Game jam',
              requestedAt: twoDaysAgo,
              status: 'approved',
              decidedAt: twoDaysAgo,
              note: null,
            },
          ],
        },
      }),
    });
    renderApp('/my-projects?view=requests', { session: signedIn });

    const list = await screen.findByRole('list', { name: 'My requests' });
    const [declined, approved] = within(list).getAllByRole('listitem');
    expect(declined?.textContent).toContain('Declined 2 days ago');
    expect(declined?.textContent).toContain('“We are full”');
    expect(approved?.textContent).toContain('Approved 2 days ago');
    expect(within(list).queryByRole('button')).toBeNull();
  });
});
