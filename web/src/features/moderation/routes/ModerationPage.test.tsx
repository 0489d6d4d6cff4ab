// The moderation page: who may see it, the hidden groups and the project requests tabs.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { apiError, callsTo, makeRequest, paged, signedInAs, signedInSession } from '../test-fixtures';
import { openAsModerator, setUpModerationPageTests } from './moderation-page-test-support';

setUpModerationPageTests();

describe('who sees the moderation area', () => {
  it('asks an anonymous visitor to sign in, coming back to /admin, and asks the server nothing', async () => {
    const { calls } = mockApi();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { user } = renderApp('/admin?tab=reports');

    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in to moderate' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('OpenLFG - Moderation'));
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: /^Login with Github/ }));
    expect(assign).toHaveBeenCalledWith('/api/account/authorize?returnTo=%2Fadmin%3Ftab%3Dreports');
    expect(calls.some((call) => call.url.startsWith('/api/admin'))).toBe(false);
  });

  it('tells a signed-in user who is not a moderator that the area is not for them', async () => {
    const { calls } = mockApi(signedInAs({ moderator: false }));
    renderApp('/admin', { session: signedInSession });

    expect(await screen.findByRole('heading', { level: 2, name: 'Not allowed' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Moderation sections' })).toBeNull();
    expect(calls.filter((call) => call.url.startsWith('/api/admin')).map((call) => call.url)).toEqual([
      '/api/admin/me',
    ]);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('keeps a moderator signed in when a section answers 403 FORBIDDEN, and says why', async () => {
    openAsModerator('/admin', {
      'GET /api/admin/requests': () => apiError(403, 'FORBIDDEN', 'Only moderators can do this.'),
    });

    expect(await screen.findByText('The project requests could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Only moderators can do this.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('switches sections with the tabs, each at its own address', async () => {
    const { user, currentUrl } = openAsModerator('/admin', {
      'GET /api/admin/requests': () => ({ body: paged([]) }),
      'GET /api/admin/audit': () => ({ body: paged([]) }),
    });
    const tabs = within(await screen.findByRole('navigation', { name: 'Moderation sections' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Project requests',
      'Reports',
      'Hidden groups',
      'Catalogue health',
      'Audit log',
    ]);
    expect(tabs.getByRole('link', { name: 'Project requests' }).getAttribute('aria-current')).toBe('page');

    await user.click(tabs.getByRole('link', { name: 'Audit log' }));

    expect(currentUrl()).toBe('/admin?tab=audit');
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit log' })).toBeTruthy();
  });
});

describe('hidden groups', () => {
  const hidden = [
    {
      groupId: 4,
      title: 'Spam club',
      ownerLogin: 'spammer',
      hiddenAt: new Date().toISOString(),
      reason: 'Advertising.',
    },
    { groupId: 6, title: 'Loud club', ownerLogin: 'loud', hiddenAt: new Date().toISOString(), reason: null },
  ];

  it('lists them with owner and reason, and restores one only with a reason; it leaves the list', async () => {
    let restored = false;
    const { calls, user } = openAsModerator('/admin?tab=hidden', {
      'GET /api/admin/hidden-groups': () => ({
        body: paged(hidden.filter((group) => !restored || group.groupId !== 4)),
      }),
      'POST /api/admin/hidden-groups/4/restore': () => {
        restored = true;
        return { body: { groupId: 4, restored: true } };
      },
      'GET /api/admin/audit': () => ({ body: paged([]) }),
    });
    const list = within(await screen.findByRole('list', { name: 'Hidden groups' }));
    expect(list.getByText('Advertising.')).toBeTruthy();
    expect(list.getByText('spammer')).toBeTruthy();

    await user.click(list.getByRole('button', { name: 'Restore Spam club' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore Spam club' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore group' }));
    expect(within(dialog).getByText('Give a reason.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/hidden-groups/4/restore')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Links removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Restore group' }));

    expect(await screen.findByText('Spam club is visible again.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/hidden-groups/4/restore')[0]?.body).toEqual({
      reason: 'Links removed.',
    });
    await waitFor(() => expect(screen.queryByText('Advertising.')).toBeNull());
    expect(screen.getByRole('button', { name: 'Restore Loud club' })).toBeTruthy();
  });

  it('says when no group is hidden', async () => {
    openAsModerator('/admin?tab=hidden', { 'GET /api/admin/hidden-groups': () => ({ body: paged([]) }) });
    expect(await screen.findByText('No hidden groups.')).toBeTruthy();
  });
});

describe('project requests', () => {
  it('lists the queue with requesters and whether it is listed, and approves one', async () => {
    let queue = [
      makeRequest({ id: 3, repoExt: 'octo/new-tool', requesters: ['ada', 'bob'] }),
      makeRequest({ id: 2, repoExt: 'octo/listed', listed: true }),
    ];
    const { calls, user } = openAsModerator('/admin', {
      'GET /api/admin/requests': () => ({ body: paged(queue) }),
      'POST /api/admin/requests/3/approve': () => {
        queue = queue.filter((request) => request.id !== 3);
        return { body: { id: 3, repoExt: 'octo/new-tool', status: 'approved', projectId: 40 } };
      },
    });

    const list = await screen.findByRole('list', { name: 'Project requests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/by ada, bob$/)).toBeTruthy();
    expect(within(list).getByText('Already listed')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'octo/new-tool' }).getAttribute('href')).toBe(
      'https://github.com/octo/new-tool',
    );

    await user.click(within(list).getByRole('button', { name: 'Approve octo/new-tool' }));

    expect(
      await screen.findByText('octo/new-tool is in the catalogue; its figures come with the next sync.'),
    ).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Approve octo/new-tool' })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Approve octo/listed' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/requests/3/approve')[0]?.body).toEqual({});
  });

  it('has the projects list ask again after an approval, though it was loaded moments before', async () => {
    let queue = [makeRequest({ id: 3, repoExt: 'octo/new-tool' })];
    const { calls, user } = openAsModerator('/', {
      'POST /api/projects': () => ({ body: { data: [], totalPages: 1, pageLocation: 1, total: 0 } }),
      'GET /api/admin/requests': () => ({ body: paged(queue) }),
      'POST /api/admin/requests/3/approve': () => {
        queue = [];
        return { body: { id: 3, repoExt: 'octo/new-tool', status: 'approved', projectId: 40 } };
      },
    });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/projects')).toHaveLength(1));

    await user.click(await nav.findByRole('link', { name: 'Moderation' }));
    await user.click(await screen.findByRole('button', { name: 'Approve octo/new-tool' }));
    expect(await screen.findByText('No project requests are waiting.')).toBeTruthy();
    await user.click(nav.getByRole('link', { name: 'Open source projects' }));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/projects')).toHaveLength(2));
  });

  it('rejects only with a reason, given in a dialog', async () => {
    let queue = [makeRequest({ id: 5, repoExt: 'octo/nope' })];
    const { calls, user } = openAsModerator('/admin?tab=requests', {
      'GET /api/admin/requests': () => ({ body: paged(queue) }),
      'POST /api/admin/requests/5/reject': () => {
        queue = [];
        return { body: { id: 5, repoExt: 'octo/nope', status: 'rejected', projectId: null } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Reject octo/nope' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject octo/nope' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(document.activeElement).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(within(dialog).getByText('Give a reason.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/requests/5/reject')).toHaveLength(0);

    await user.type(reason, 'Not maintained.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));

    expect(await screen.findByText('The request for octo/nope is rejected.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/requests/5/reject')[0]?.body).toEqual({
      reason: 'Not maintained.',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('No project requests are waiting.')).toBeTruthy();
  });

  it('takes a request decided elsewhere out of the queue, with the server’s message', async () => {
    let queue = [makeRequest({ id: 8, repoExt: 'octo/raced' })];
    const { user } = openAsModerator('/admin', {
      'GET /api/admin/requests': () => ({ body: paged(queue) }),
      'POST /api/admin/requests/8/approve': () => {
        queue = [];
        return apiError(409, 'CONFLICT', 'This request was already approved.');
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Approve octo/raced' }));

    expect(await screen.findByText('This request was already approved.')).toBeTruthy();
    expect(await screen.findByText('No project requests are waiting.')).toBeTruthy();
  });

  it("asks GitHub for the repository's figures only when the moderator wants them", async () => {
    const { calls, user } = openAsModerator('/admin', {
      'GET /api/admin/requests': () => ({ body: paged([makeRequest({ id: 4, repoExt: 'octo/figures' })]) }),
      'GET /api/admin/requests/4/github': () => ({
        body: {
          repoExt: 'octo/figures',
          stars: 1500,
          forks: 7,
          description: 'A fine tool.',
          language: 'Rust',
          archived: false,
          pushedAt: new Date().toISOString(),
          license: 'MIT',
        },
      }),
    });
    const toggle = await screen.findByRole('button', { name: 'GitHub figures of octo/figures' });
    expect(callsTo(calls, 'GET', '/api/admin/requests/4/github')).toHaveLength(0);

    await user.click(toggle);

    const figures = within(await screen.findByLabelText('GitHub figures'));
    expect(figures.getByText('1.5k')).toBeTruthy();
    expect(figures.getByText('Rust')).toBeTruthy();
    expect(screen.getByText('A fine tool.')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('says when GitHub cannot give the figures', async () => {
    const { user } = openAsModerator('/admin', {
      'GET /api/admin/requests': () => ({ body: paged([makeRequest({ id: 4, repoExt: 'gone/repo' })]) }),
      'GET /api/admin/requests/4/github': () => apiError(404, 'NOT_FOUND', 'GitHub has no such repository.'),
    });
    await user.click(await screen.findByRole('button', { name: 'GitHub figures of gone/repo' }));
    expect(await screen.findByText('GitHub has no such repository.')).toBeTruthy();
  });

  it('shows an empty queue, and a failed load with Try again', async () => {
    let fail = true;
    const { user } = openAsModerator('/admin', {
      'GET /api/admin/requests': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong.') : { body: paged([]) },
    });
    expect(await screen.findByText('The project requests could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No project requests are waiting.')).toBeTruthy();
  });

  it('pages through a long queue', async () => {
    const { calls } = openAsModerator('/admin?tab=requests&page=2', {
      'GET /api/admin/requests': () => ({ body: paged([makeRequest({ id: 60 })], 2, 3) }),
    });
    const pages = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/admin?tab=requests&page=3',
    );
    expect(calls.some((call) => call.url === '/api/admin/requests?page=2')).toBe(true);
  });
});
