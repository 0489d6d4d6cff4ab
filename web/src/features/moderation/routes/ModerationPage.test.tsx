import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  makeAuditEntry,
  makeHealth,
  makeReportedGroup,
  makeRequest,
  paged,
  signedInAs,
  signedInSession,
} from '../test-fixtures';

// The moderation page is loaded lazily; loading it once up front keeps the first test within findBy's wait on a
// busy machine.
beforeAll(async () => {
  await import('./ModerationPage');
});

const moderator = signedInAs({ moderator: true });

function openAsModerator(url: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...moderator, ...handlers });
  return { ...api, ...renderApp(url, { session: signedInSession }) };
}

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

describe('reports', () => {
  const spam = makeReportedGroup({
    groupId: 4,
    title: 'Spam club',
    reports: [
      { reporter: 'bob', reason: 'Advertising.', at: new Date().toISOString() },
      { reporter: 'cy', reason: 'Links to a shop.', at: new Date().toISOString() },
    ],
  });
  const quiet = makeReportedGroup({ groupId: 5, title: 'Quiet club' });

  function reportsApi(extra: Parameters<typeof mockApi>[0] = {}) {
    let open = [spam, quiet];
    const acted = (groupId: number, outcome: string) => () => {
      open = open.filter((group) => group.groupId !== groupId);
      return { body: { groupId, outcome, reportsClosed: 1 } };
    };
    return openAsModerator('/admin?tab=reports', {
      'GET /api/admin/reports': () => ({ body: paged(open) }),
      'POST /api/admin/reports/4/hide': acted(4, 'hidden'),
      'POST /api/admin/reports/4/delete': acted(4, 'deleted'),
      'POST /api/admin/reports/5/dismiss': acted(5, 'dismissed'),
      ...extra,
    });
  }

  it('lists the reported groups with their reasons and reporters', async () => {
    reportsApi();
    const reports = await screen.findByRole('list', { name: 'Reports on Spam club' });
    expect(within(reports).getByText('bob')).toBeTruthy();
    expect(within(reports).getByText('Links to a shop.')).toBeTruthy();
    expect(screen.getByText('2 open reports')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Spam club' }).getAttribute('href')).toBe('/group-projects/4');
  });

  it('hides a group with a reason; it leaves the list', async () => {
    const { calls, user } = reportsApi();
    await user.click(await screen.findByRole('button', { name: 'Hide group Spam club' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Spam club' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide group' }));
    expect(within(dialog).getByText('Give a reason.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Advertising.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide group' }));

    expect(await screen.findByText('Spam club is hidden.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/reports/4/hide')[0]?.body).toEqual({ reason: 'Advertising.' });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Reports on Spam club' })).toBeNull());
    expect(screen.getByRole('list', { name: 'Reports on Quiet club' })).toBeTruthy();
  });

  it('dismisses the reports on a group in one click', async () => {
    const { calls, user } = reportsApi();
    await user.click(await screen.findByRole('button', { name: 'Dismiss the reports on Quiet club' }));
    expect(await screen.findByText('The reports on Quiet club are dismissed.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/reports/5/dismiss')[0]?.body).toEqual({});
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Reports on Quiet club' })).toBeNull());
  });

  it('deletes a group only after confirming', async () => {
    const { calls, user } = reportsApi();
    await user.click(await screen.findByRole('button', { name: 'Delete group Spam club' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Spam club' });
    expect(within(dialog).getByText(/for good/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', '/api/admin/reports/4/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete group Spam club' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Spam club' })).getByRole('button', {
        name: 'Delete group',
      }),
    );
    expect(await screen.findByText('Spam club is deleted.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/reports/4/delete')[0]?.body).toEqual({});
  });

  it('keeps the dialog open with the server’s message when hiding fails', async () => {
    const { user } = reportsApi({
      'POST /api/admin/reports/4/hide': () => apiError(409, 'CONFLICT', 'This group is already hidden.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Hide group Spam club' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Spam club' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Again.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide group' }));
    expect(await within(dialog).findByText('This group is already hidden.')).toBeTruthy();
  });

  it('offers only Dismiss for a group that is gone, and no Hide for a hidden one', async () => {
    openAsModerator('/admin?tab=reports', {
      'GET /api/admin/reports': () => ({
        body: paged([
          makeReportedGroup({ groupId: 6, title: 'Gone club', exists: false }),
          makeReportedGroup({ groupId: 7, title: 'Hidden club', hidden: true }),
        ]),
      }),
    });
    expect(await screen.findByRole('button', { name: 'Dismiss the reports on Gone club' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete group Gone club' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide group Hidden club' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete group Hidden club' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Hidden club' })).toBeNull();
  });

  it('shows when there are no reports', async () => {
    openAsModerator('/admin?tab=reports', { 'GET /api/admin/reports': () => ({ body: paged([]) }) });
    expect(await screen.findByText('No open reports.')).toBeTruthy();
  });

  it('shows a failed load of the reports', async () => {
    openAsModerator('/admin?tab=reports', {
      'GET /api/admin/reports': () => apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    expect(await screen.findByText('The reports could not be loaded.')).toBeTruthy();
  });
});

describe('catalogue health', () => {
  it('shows the last run, its failures, the budgets left and the problem repositories', async () => {
    openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({ body: makeHealth() }),
    });
    const run = within(await screen.findByLabelText('Last sync run'));
    expect(run.getByText('completed')).toBeTruthy();
    expect(run.getByText('118 of 120')).toBeTruthy();
    const budgets = within(screen.getByLabelText('API budgets left'));
    expect(budgets.getByText(/^4.3k, resets at \d{1,2}:\d{2} [AP]M$/)).toBeTruthy();
    expect(budgets.getByText('Unknown')).toBeTruthy();
    expect(budgets.getByText('99')).toBeTruthy();
    const failures = within(screen.getByRole('list', { name: 'Failures in the last run' }));
    expect(failures.getByText('GitHub has no such repository', { exact: false })).toBeTruthy();
    const problems = within(screen.getByRole('list', { name: 'Archived or unreachable repositories' }));
    expect(problems.getByText('Archived')).toBeTruthy();
    expect(problems.getByText(/Unreachable since/)).toBeTruthy();
  });

  it('removes an archived repository in one click', async () => {
    let health = makeHealth();
    const { calls, user } = openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({ body: health }),
      'DELETE /api/admin/projects/31': () => {
        health = makeHealth({ problems: paged(health.problems.data.filter((project) => project.id !== 31)) });
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove old/archived' }));

    expect(await screen.findByText('old/archived is removed from the catalogue.')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/admin/projects/31')[0]?.body).toEqual({
      reason: 'Archived on GitHub.',
    });
    expect(screen.queryByRole('button', { name: 'Remove old/archived' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove gone/repo' })).toBeTruthy();
  });

  it('starts a sync, and a second press while it runs is refused politely', async () => {
    let running = false;
    const { calls, user } = openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({ body: makeHealth({ syncRunning: running }) }),
      'POST /api/admin/sync': () => {
        if (running) return apiError(409, 'CONFLICT', 'A catalogue sync is already running.');
        running = true;
        return { status: 202, body: { runId: 8, total: 120 } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('The catalogue sync started: 120 projects to refresh.')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Sync running...' }));
    expect(await screen.findByText('A catalogue sync is already running.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/sync')).toHaveLength(2);
  });

  it('shows Sync now disabled, saying what it needs, when the server has no GitHub token', async () => {
    const { calls, user } = openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({ body: makeHealth({ syncAvailable: false }) }),
    });
    const button = await screen.findByRole('button', { name: 'Sync now' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Syncing needs a GitHub token: set GITHUB_TOKEN on the server (a token without scopes is enough).',
    );
    await user.click(button);
    expect(callsTo(calls, 'POST', '/api/admin/sync')).toHaveLength(0);
  });

  it('says when no sync has run and nothing needs removing', async () => {
    openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({
        body: makeHealth({ lastRun: null, failures: [], problems: paged([]) }),
      }),
    });
    expect(await screen.findByText('No sync has run yet.')).toBeTruthy();
    expect(screen.getByText('Every listed repository is live.')).toBeTruthy();
  });

  it('shows a failed load of the catalogue health', async () => {
    openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    expect(await screen.findByText('The catalogue health could not be loaded.')).toBeTruthy();
  });
});

describe('the audit log', () => {
  it('shows who did what, on which object, when and why', async () => {
    openAsModerator('/admin?tab=audit', {
      'GET /api/admin/audit': () => ({
        body: paged([
          makeAuditEntry({
            id: 2,
            actor: 'mia',
            action: 'group.hide',
            objectType: 'group_project',
            objectId: '4',
            reason: 'Advertising.',
            details: { title: 'Spam club', reportsClosed: 2 },
          }),
          makeAuditEntry({ id: 1, actor: 'max' }),
        ]),
      }),
    });
    const entries = within(await screen.findByRole('list', { name: 'Audit log entries' }));
    const [first, second] = entries.getAllByRole('listitem');
    expect(first?.textContent).toContain('mia hid Spam club (group 4)');
    expect(first?.textContent).toContain('Reason: Advertising.');
    expect(second?.textContent).toContain('max approved the request for octo/tool (request 12)');
  });

  it('shows an empty log', async () => {
    openAsModerator('/admin?tab=audit', { 'GET /api/admin/audit': () => ({ body: paged([]) }) });
    expect(await screen.findByText('No moderation actions yet.')).toBeTruthy();
  });

  it('shows a failed load of the audit log', async () => {
    openAsModerator('/admin?tab=audit', {
      'GET /api/admin/audit': () => apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    expect(await screen.findByText('The audit log could not be loaded.')).toBeTruthy();
  });
});
