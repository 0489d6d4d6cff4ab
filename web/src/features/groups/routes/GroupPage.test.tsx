import type { PendingRequest } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, beforeAll } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  groupList,
  groupsHandler,
  infoHandler,
  makeGroup,
  makeInfo,
  makeViewer,
  signedInAs,
  signedInSession,
  viewersHandler,
} from '../test-fixtures';
import { preloadBoardViews } from '../../../test/preload-views';

beforeAll(preloadBoardViews);

const privateGroup = makeGroup({
  groupProjectId: 5,
  title: 'Secret game',
  visibility: 'private',
  owner: { login: 'ada', avatarUrl: null },
  repoExt: 'ada/secret-game',
});

const owner = makeViewer('owner', {
  approve: true,
  reject: true,
  delete: true,
  post: true,
  readDiscussion: true,
  save: true,
});

function request(requestUsername: string): PendingRequest {
  return {
    groupProjectId: 5,
    title: 'Secret game',
    requestUsername,
    requestAvatarUrl: null,
    requestedAt: new Date().toISOString(),
  };
}

describe('the group page', () => {
  it('shows the group, its links and members to anyone when it is public', async () => {
    const group = makeGroup({ groupProjectId: 3, title: 'Rust CLI', repoExt: 'octo/rust-cli' });
    const { calls } = mockApi(
      infoHandler(
        makeInfo(group, {
          viewer: makeViewer(
            'anonymous',
            { readDiscussion: true },
            { join: true, save: true, report: true, readDiscussion: true },
          ),
          discordUrl: 'https://discord.gg/abc',
          members: [
            { login: 'owner', avatarUrl: null, role: 'owner', joinedAt: group.datePosted },
            {
              login: 'bob',
              avatarUrl: 'https://avatars.example/bob.png',
              role: 'member',
              joinedAt: group.datePosted,
            },
          ],
        }),
      ),
    );
    renderApp('/group-projects/3');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rust CLI' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/discussion-info')[0]?.body).toEqual({
      groupProjectId: 3,
    });
    expect(screen.getByRole('link', { name: 'Project: octo/rust-cli' }).getAttribute('href')).toBe(
      '/projects/octo/rust-cli',
    );
    expect(screen.getByRole('link', { name: 'Repository on GitHub' }).getAttribute('href')).toBe(
      'https://github.com/octo/rust-cli',
    );
    expect(screen.getByRole('link', { name: 'Discord' }).getAttribute('href')).toBe('https://discord.gg/abc');
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getByText('O')).toBeTruthy();
    expect(within(members).getByText(/^Owner/)).toBeTruthy();
    expect(within(members).getByText('bob')).toBeTruthy();
    // Offered as signing in would allow, asking to sign in first; reporting waits until then.
    expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Rust CLI' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('shows exactly the buttons the viewer block allows, and says when the group is full', async () => {
    const full = makeGroup({ groupProjectId: 4, title: 'Full house', memberCount: 3, maxMembers: 3 });
    mockApi({
      ...signedInAs(),
      ...infoHandler(makeInfo(full, { viewer: makeViewer('none', { report: true, readDiscussion: true }) })),
    });
    renderApp('/group-projects/4', { session: signedInSession });

    expect(await screen.findByText('This group is full.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
    for (const name of [/^Join/, /^Request to join/, /^Leave/, /^Save/, 'Delete group']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('tells a signed-in stranger that a private group is private, with Request to join', async () => {
    let viewer = makeViewer('none', { request: true, save: true, report: true });
    const { calls } = mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([privateGroup])),
      ...viewersHandler(() => viewer),
      'POST /api/group-projects/discussion-info': () =>
        apiError(403, 'FORBIDDEN', 'Only members can see this group.'),
      'GET /api/group-projects/5': () => ({ body: { ...privateGroup, viewer } }),
      'POST /api/group-projects/request': () => {
        viewer = makeViewer('requester', { request: true, cancelRequest: true, save: true, report: true });
        return { status: 201, body: { groupProjectId: 5, memberCount: 1, viewer } };
      },
    });
    const { user } = renderApp('/group-projects', { session: signedInSession });
    await user.click(await screen.findByRole('link', { name: 'Secret game' }));

    expect(
      await screen.findByText('This group is private. Ask to join to see its members and discussion.'),
    ).toBeTruthy();
    // The group's public card gives its details; anyone signed in may report it.
    expect(screen.getByRole('heading', { level: 1, name: 'Secret game' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Request to join' }));
    expect(callsTo(calls, 'POST', '/api/group-projects/request')[0]?.body).toEqual({ groupProjectId: 5 });
    // The answer's viewer block turns the button into Cancel request at once.
    expect(await screen.findByRole('button', { name: 'Cancel request' })).toBeTruthy();
    // Still signed in: FORBIDDEN is not an expired session.
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('on its own page, answers Request to join as a card does and keeps the page while it refreshes', async () => {
    let viewer = makeViewer('none', { request: true, save: true, report: true });
    let refusals = 0;
    let releaseRefusal = () => {};
    mockApi({
      ...signedInAs(),
      'POST /api/group-projects/discussion-info': async () => {
        refusals += 1;
        // The refetch after the request is slow: the page must not blank meanwhile.
        if (refusals > 1) await new Promise<void>((resolve) => (releaseRefusal = resolve));
        return apiError(403, 'FORBIDDEN', 'Only members can see this group.');
      },
      'GET /api/group-projects/5': () => ({ body: { ...privateGroup, viewer } }),
      'POST /api/group-projects/request': () => {
        viewer = makeViewer('requester', { cancelRequest: true, save: true, report: true });
        return { status: 201, body: { groupProjectId: 5, memberCount: 1, viewer } };
      },
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });

    await user.click(await screen.findByRole('button', { name: 'Request to join' }));
    const cancel = await screen.findByRole('button', { name: 'Cancel request' });
    await waitFor(() => expect(refusals).toBe(2));
    expect(screen.queryByText('Loading the group')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Secret game' })).toBeTruthy();
    releaseRefusal();
    expect(await screen.findByText('Request sent. The owner will decide.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(screen.getAllByText('Request sent. The owner will decide.')).toHaveLength(1);
  });

  it('says when the group does not exist', async () => {
    mockApi({
      'POST /api/group-projects/discussion-info': () => apiError(404, 'NOT_FOUND', 'There is no such group.'),
    });
    renderApp('/group-projects/99');
    expect(await screen.findByText('This group does not exist (any more).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the groups' }).getAttribute('href')).toBe(
      '/group-projects',
    );
  });
});

describe('the group page while the session is being checked', () => {
  const group = makeGroup({ groupProjectId: 3, title: 'Rust CLI' });
  const publicInfo = infoHandler(
    makeInfo(group, { viewer: makeViewer('anonymous', { readDiscussion: true }, { join: true }) }),
  );
  const history = { 'GET /api/messages/history': () => ({ body: { data: [], hasMore: false } }) };

  /** A call the test answers when it chooses, as a slow server would. */
  function answeredLater() {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    return {
      handler: () => new Promise<{ body: unknown }>((resolve) => (answer = resolve)),
      answer: (body: unknown) => answer({ body }),
    };
  }

  it('shows the group without waiting for the check, and adds the board once the session is known', async () => {
    const checkAuth = answeredLater();
    const { calls } = mockApi({
      ...publicInfo,
      ...history,
      'GET /api/account/check-auth': checkAuth.handler,
    });
    renderApp('/group-projects/3', { session: { isLoginLoading: true } });

    // The server answers for the session cookie the request carries: the page need not wait for check-auth.
    expect(await screen.findByRole('heading', { level: 1, name: 'Rust CLI' })).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/account/check-auth')).toHaveLength(1);
    // The board speaks for the signed-in user: it waits for the session.
    expect(screen.queryByRole('heading', { level: 2, name: 'Discussion' })).toBeNull();

    checkAuth.answer({ authenticated: false, devSignIn: false });
    expect(await screen.findByRole('heading', { level: 2, name: 'Discussion' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/discussion-info')).toHaveLength(1);
  });

  it('waits for a GitHub sign-in being exchanged, whose cookie the group must be asked with', async () => {
    const login = answeredLater();
    const { calls } = mockApi({ ...publicInfo, ...history, 'POST /api/account/login': login.handler });
    renderApp('/group-projects/3?code=abc&state=xyz', { session: { isLoginLoading: true } });

    expect(await screen.findByRole('status', { name: 'Loading the group' })).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/account/login')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/group-projects/discussion-info')).toHaveLength(0);

    login.answer({ token: 'token', returnTo: '/group-projects/3' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rust CLI' })).toBeTruthy();
    const order = calls.map((call) => call.url);
    expect(order.indexOf('/api/group-projects/discussion-info')).toBeGreaterThan(
      order.indexOf('/api/account/login'),
    );
  });
});

describe('the owner of a group', () => {
  it('sees the pending requests of this group and approves one', async () => {
    let pending = [request('bob'), request('cy'), { ...request('zed'), groupProjectId: 77, title: 'Other' }];
    const { calls } = mockApi({
      ...signedInAs({ myGroups: [{ ...privateGroup, role: 'owner' }] }),
      ...infoHandler(makeInfo(privateGroup, { viewer: owner })),
      'GET /api/group-projects/pending-requests': () => ({ body: { data: pending } }),
      'POST /api/group-projects/pending-requests': () => {
        pending = pending.filter((item) => item.requestUsername !== 'bob');
        return { body: { groupProjectId: 5, memberCount: 2, viewer: owner } };
      },
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });

    const list = await screen.findByRole('list', { name: 'Pending requests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByText('zed')).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Approve bob' }));

    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Approve bob' })).toBeNull());
    // Focus moves on to the next request rather than dropping to the page.
    const next = within(list).getByRole('button', { name: 'Approve cy' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(callsTo(calls, 'POST', '/api/group-projects/pending-requests')[0]?.body).toEqual({
      groupProjectId: 5,
      requestUsername: 'bob',
    });
    expect(await screen.findByText('bob is now a member.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('of a full group can turn requests down but not approve them', async () => {
    mockApi({
      ...signedInAs(),
      ...infoHandler(makeInfo(privateGroup, { viewer: { ...owner, may: { ...owner.may, approve: false } } })),
      'GET /api/group-projects/pending-requests': () => ({ body: { data: [request('bob')] } }),
    });
    renderApp('/group-projects/5', { session: signedInSession });

    const list = await screen.findByRole('list', { name: 'Pending requests' });
    expect(within(list).getByRole('button', { name: 'Reject bob' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Approve bob' })).toBeNull();
    expect(screen.getByText('The group is full: requests can be turned down, not approved.')).toBeTruthy();
  });

  it('rejects a request with DELETE', async () => {
    let pending = [request('bob')];
    const { calls } = mockApi({
      ...signedInAs(),
      ...infoHandler(makeInfo(privateGroup, { viewer: owner })),
      'GET /api/group-projects/pending-requests': () => ({ body: { data: pending } }),
      'DELETE /api/group-projects/pending-requests': () => {
        pending = [];
        return { status: 204 };
      },
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const list = await screen.findByRole('list', { name: 'Pending requests' });
    await user.click(within(list).getByRole('button', { name: 'Reject bob' }));
    expect(await screen.findByText('You turned down bob.')).toBeTruthy();
    // No one is left: focus goes to the list's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pending requests' })),
    );
    expect(callsTo(calls, 'DELETE', '/api/group-projects/pending-requests')[0]?.body).toEqual({
      groupProjectId: 5,
      requestUsername: 'bob',
    });
  });

  it('sends an optional note with the decision, for the requester to read', async () => {
    const { calls } = mockApi({
      ...signedInAs(),
      ...infoHandler(makeInfo(privateGroup, { viewer: owner })),
      'GET /api/group-projects/pending-requests': () => ({ body: { data: [request('bob')] } }),
      'DELETE /api/group-projects/pending-requests': () => ({ status: 204 }),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const list = await screen.findByRole('list', { name: 'Pending requests' });
    const note = within(list).getByRole('textbox', { name: 'Note to bob (optional)' });
    expect(note.getAttribute('maxlength')).toBe('500');
    await user.type(note, '  We are full until March  ');
    await user.click(within(list).getByRole('button', { name: 'Reject bob' }));
    expect(await screen.findByText('You turned down bob.')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/group-projects/pending-requests')[0]?.body).toEqual({
      groupProjectId: 5,
      requestUsername: 'bob',
      note: 'We are full until March',
    });
  });

  it('deletes the group after confirming, and goes back to the list', async () => {
    const { calls } = mockApi({
      ...signedInAs(),
      ...infoHandler(makeInfo(privateGroup, { viewer: owner })),
      ...groupsHandler(() => groupList([])),
      'GET /api/group-projects/pending-requests': () => ({ body: { data: [] } }),
      'DELETE /api/group-projects/delete-project': () => ({ status: 204 }),
    });
    const { user, currentUrl } = renderApp('/group-projects/5', { session: signedInSession });

    await user.click(await screen.findByRole('button', { name: 'Delete group' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete group' });
    expect(dialog.textContent).toContain(
      'Delete Secret game? This removes its members, requests and discussion for good.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'DELETE', '/api/group-projects/delete-project')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete group' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete group' })).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Group deleted.')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/group-projects'));
    // Where the user lands, its heading has the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Looking for group' }),
      ),
    );
    expect(callsTo(calls, 'DELETE', '/api/group-projects/delete-project')[0]?.body).toEqual({
      groupProjectId: 5,
    });
  });
});
