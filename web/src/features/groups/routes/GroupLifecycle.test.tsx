import type { DiscussionInfo, GroupMember, GroupStatus } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, beforeAll } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  callsTo,
  groupList,
  groupListRequests,
  groupsHandler,
  makeGroup,
  makeInfo,
  makeViewer,
  signedInAs,
  signedInSession,
} from '../test-fixtures';
import { preloadBoardViews } from '../../../test/preload-views';

beforeAll(preloadBoardViews);

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const ownerViewer = makeViewer('owner', {
  edit: true,
  delete: true,
  post: true,
  readDiscussion: true,
  setStatus: true,
  removeMember: true,
  transferOwnership: true,
});
const memberViewer = makeViewer('member', { leave: true, post: true, readDiscussion: true });

function groupWith(status: GroupStatus) {
  return makeGroup({
    groupProjectId: 7,
    title: 'Rust club',
    status,
    memberCount: 3,
    owner: { login: 'ada', avatarUrl: null },
  });
}

/** Ada owns the group; bob posted 2 days ago, cat has been quiet 34 days (as only the owner is told). */
function members(withActivity: boolean): GroupMember[] {
  const activity = (days: number) => (withActivity ? { lastActiveAt: daysAgo(days) } : {});
  return [
    { login: 'ada', avatarUrl: null, role: 'owner', joinedAt: daysAgo(90), ...activity(0) },
    { login: 'bob', avatarUrl: null, role: 'member', joinedAt: daysAgo(60), ...activity(2) },
    { login: 'cat', avatarUrl: null, role: 'member', joinedAt: daysAgo(80), ...activity(34) },
  ];
}

/** The page's answers, read again after every change the owner makes (as the server would answer them). */
function pageApi(initial: DiscussionInfo) {
  let info = initial;
  const answer = () => ({ body: { data: info } });
  const api = mockApi({
    ...signedInAs(),
    'POST /api/group-projects/discussion-info': answer,
    'GET /api/messages/history': () => ({ body: { data: [], hasMore: false } }),
    'POST /api/group-projects/status': (call) => {
      const status = (call.body as { status: GroupStatus }).status;
      info = { ...info, group: { ...info.group, status } };
      return { body: { ...info.group, viewer: info.viewer } };
    },
    'POST /api/group-projects/remove-member': (call) => {
      const { memberUsername } = call.body as { memberUsername: string };
      const rest = info.members.filter((member) => member.login !== memberUsername);
      info = { ...info, members: rest, group: { ...info.group, memberCount: rest.length } };
      return { body: { groupProjectId: 7, memberCount: rest.length, viewer: info.viewer } };
    },
    'POST /api/group-projects/transfer-ownership': (call) => {
      const { memberUsername } = call.body as { memberUsername: string };
      info = {
        ...info,
        viewer: memberViewer,
        group: { ...info.group, owner: { login: memberUsername, avatarUrl: null } },
        members: info.members.map(({ lastActiveAt: _hidden, ...member }) => ({
          ...member,
          role: member.login === memberUsername ? 'owner' : 'member',
        })),
      };
      return { body: { groupProjectId: 7, memberCount: info.members.length, viewer: memberViewer } };
    },
  });
  return api;
}

describe("the owner's status control", () => {
  it('closes the group, says what that means, and reopens it', async () => {
    const { calls } = pageApi(makeInfo(groupWith('open'), { viewer: ownerViewer, members: members(true) }));
    const { user } = renderApp('/group-projects/7', { session: signedInSession });

    const status = await screen.findByRole('region', { name: 'Status: Open' });
    expect(within(status).getByText('New members can join.')).toBeTruthy();
    expect(within(status).queryByRole('button', { name: 'Reopen' })).toBeNull();

    await user.click(within(status).getByRole('button', { name: 'Close to new members' }));
    expect(await screen.findByText('Group closed to new members.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/status')[0]?.body).toEqual({
      groupProjectId: 7,
      status: 'closed',
    });
    const closed = await screen.findByRole('region', { name: 'Status: Closed' });
    expect(within(closed).getByText(/Nobody new can join or ask to/)).toBeTruthy();
    // The button pressed is gone: focus is on the status it now says.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(closed).getByRole('heading', { name: 'Status: Closed' })),
    );
    // The title carries the badge.
    const heading = screen.getByRole('heading', { level: 1, name: 'Rust club' });
    expect(within(heading.parentElement as HTMLElement).getByText('Closed')).toBeTruthy();

    await user.click(within(closed).getByRole('button', { name: 'Archive' }));
    const archived = await screen.findByRole('region', { name: 'Status: Archived' });
    expect(within(archived).queryByRole('button', { name: 'Archive' })).toBeNull();
    await user.click(within(archived).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByRole('region', { name: 'Status: Open' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/status').map((call) => call.body)).toEqual([
      { groupProjectId: 7, status: 'closed' },
      { groupProjectId: 7, status: 'archived' },
      { groupProjectId: 7, status: 'open' },
    ]);
  });

  it('is not there for a member, who sees the closed badge and why nobody joins', async () => {
    pageApi(
      makeInfo(groupWith('closed'), {
        viewer: makeViewer('none', { readDiscussion: true, report: true, save: true }),
        members: members(false),
      }),
    );
    renderApp('/group-projects/7', { session: signedInSession });
    expect(await screen.findByText('This group is closed to new members.')).toBeTruthy();
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Status/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
  });
});

describe("the owner's member controls", () => {
  it('shows each member’s last activity to the owner and flags those quiet 30 days or more', async () => {
    pageApi(makeInfo(groupWith('open'), { viewer: ownerViewer, members: members(true) }));
    renderApp('/group-projects/7', { session: signedInSession });
    const list = await screen.findByRole('list', { name: 'Members' });
    // The login shows once as text, and again unseen in the names of its row's buttons.
    const row = (login: string) => within(list).getAllByText(login)[0]?.closest('li') as HTMLElement;
    expect(within(row('cat')).getByText('Inactive 34 days')).toBeTruthy();
    expect(within(row('bob')).getByText('active 2 days ago')).toBeTruthy();
    expect(within(row('bob')).queryByText(/Inactive/)).toBeNull();
    // Nobody removes or hands the group to its owner.
    expect(within(row('ada')).queryByRole('button')).toBeNull();
  });

  it('offers a member neither the controls nor anyone’s activity', async () => {
    pageApi(makeInfo(groupWith('open'), { viewer: memberViewer, members: members(false) }));
    renderApp('/group-projects/7', { session: signedInSession });
    const list = await screen.findByRole('list', { name: 'Members' });
    // Only the menu beside each other person's name (report, block), which everyone signed in has.
    const controls = within(list)
      .queryAllByRole('button')
      .filter((button) => !button.getAttribute('aria-label')?.startsWith('More for'));
    expect(controls).toEqual([]);
    expect(within(list).queryByText(/active|Inactive/)).toBeNull();
  });

  it('removes a member after confirming, with the reason given', async () => {
    const { calls } = pageApi(makeInfo(groupWith('open'), { viewer: ownerViewer, members: members(true) }));
    const { user } = renderApp('/group-projects/7', { session: signedInSession });

    await user.click(await screen.findByRole('button', { name: 'Remove cat' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove cat' });
    expect(dialog.textContent).toContain('cat leaves Rust club at once');
    // Cancel asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'POST', '/api/group-projects/remove-member')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove cat' }));
    const again = screen.getByRole('dialog', { name: 'Remove cat' });
    await user.type(within(again).getByLabelText('Reason (optional)'), 'Quiet since spring');
    expect(within(again).getByText('18/500 characters')).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Remove member' }));

    expect(await screen.findByText('cat was removed from Rust club.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/remove-member')[0]?.body).toEqual({
      groupProjectId: 7,
      memberUsername: 'cat',
      reason: 'Quiet since spring',
    });
    const list = screen.getByRole('list', { name: 'Members' });
    await waitFor(() => expect(within(list).queryAllByText('cat')).toHaveLength(0));
    expect(within(list).getAllByText('bob').length).toBeGreaterThan(0);
    // The row and its button are gone: focus is on the members' heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: /^Members/ })),
    );
  });

  it('hands the group over after a dialog that says what changes; the old owner loses the controls', async () => {
    const { calls } = pageApi(makeInfo(groupWith('open'), { viewer: ownerViewer, members: members(true) }));
    const { user } = renderApp('/group-projects/7', { session: signedInSession });

    await user.click(await screen.findByRole('button', { name: 'Make owner bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Make bob the owner' });
    expect(dialog.textContent).toContain('bob becomes the owner of Rust club');
    expect(dialog.textContent).toContain('You stay a member and can no longer do any of that.');
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }));

    expect(await screen.findByText('bob now owns Rust club.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/transfer-ownership')[0]?.body).toEqual({
      groupProjectId: 7,
      memberUsername: 'bob',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull());
    expect(screen.queryByRole('region', { name: /^Status/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: /^Members/ }));
  });
});

describe('the Status filter of the group list', () => {
  it('puts the chosen status in the request and the URL; the default asks for open and full groups', async () => {
    const { calls } = mockApi(groupsHandler(() => groupList([groupWith('full')])));
    const { user, currentUrl } = renderApp('/group-projects');
    const card = await screen.findByRole('article', { name: 'Rust club' });
    expect(within(card).getByText('Full')).toBeTruthy();
    expect(groupListRequests(calls)[0]?.statuses).toBeUndefined();

    await user.selectOptions(screen.getByLabelText('Status'), 'Closed');
    await waitFor(() => expect(currentUrl()).toBe('/group-projects?status=closed'));
    await waitFor(() => expect(groupListRequests(calls).at(-1)?.statuses).toEqual(['closed']));

    await user.selectOptions(screen.getByLabelText('Status'), 'Any status');
    await waitFor(() => expect(currentUrl()).toBe('/group-projects?status=any'));
    await waitFor(() =>
      expect(groupListRequests(calls).at(-1)?.statuses).toEqual(['open', 'full', 'closed', 'archived']),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentUrl()).toBe('/group-projects'));
  });

  it('reads the status from the URL', async () => {
    const { calls } = mockApi(groupsHandler(() => groupList([groupWith('archived')])));
    renderApp('/group-projects?status=archived');
    expect(await screen.findByRole('article', { name: 'Rust club' })).toBeTruthy();
    expect(groupListRequests(calls)[0]?.statuses).toEqual(['archived']);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('archived');
  });
});

describe('a group a moderator hid', () => {
  it('tells its owner it is hidden, and why, and the board takes no posts', async () => {
    pageApi(
      makeInfo(groupWith('open'), {
        viewer: makeViewer('owner', { edit: true, delete: true, readDiscussion: true, setStatus: true }),
        members: members(true),
        hidden: true,
        hiddenReason: 'Advertising',
      }),
    );
    renderApp('/group-projects/7', { session: signedInSession });
    expect(await screen.findByText('Hidden by a moderator: Advertising')).toBeTruthy();
    expect(
      await screen.findByText('A moderator hid this group: its discussion takes no new messages.'),
    ).toBeTruthy();
  });

  it('offers a moderator Restore on its page, with a reason, and then shows the group', async () => {
    let hidden = true;
    const group = groupWith('open');
    const { calls } = mockApi({
      ...signedInAs(),
      'GET /api/admin/me': () => ({ body: { moderator: true } }),
      'POST /api/group-projects/discussion-info': () =>
        hidden
          ? {
              status: 403,
              body: { error: { code: 'FORBIDDEN', message: 'A moderator hid this group: it is closed.' } },
            }
          : { body: { data: makeInfo(group, { viewer: makeViewer('none', { readDiscussion: true }) }) } },
      'GET /api/group-projects/7': () =>
        hidden
          ? {
              status: 404,
              body: { error: { code: 'NOT_FOUND', message: 'There is no such group project.' } },
            }
          : { body: { ...group, viewer: makeViewer('none', { readDiscussion: true }) } },
      'GET /api/admin/hidden-groups/7': () => ({
        body: {
          groupId: 7,
          title: 'Rust club',
          ownerLogin: 'ada',
          hiddenAt: daysAgo(1),
          reason: 'Advertising',
        },
      }),
      'POST /api/admin/hidden-groups/7/restore': () => {
        hidden = false;
        return { body: { groupId: 7, restored: true } };
      },
      'GET /api/messages/history': () => ({ body: { data: [], hasMore: false } }),
    });
    const { user } = renderApp('/group-projects/7', { session: signedInSession });

    const notice = await screen.findByRole('region', { name: 'Hidden group' });
    expect(notice.textContent).toContain('Rust club by ada was hidden by a moderator');
    expect(notice.textContent).toContain('Advertising');
    await user.click(within(notice).getByRole('button', { name: 'Restore' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore Rust club' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Cleaned up');
    await user.click(within(dialog).getByRole('button', { name: 'Restore group' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Rust club' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/hidden-groups/7/restore')[0]?.body).toEqual({
      reason: 'Cleaned up',
    });
  });

  it('shows nobody else a Restore: a missing group stays missing', async () => {
    const { calls } = mockApi({
      ...signedInAs(),
      'GET /api/admin/me': () => ({ body: { moderator: false } }),
      'POST /api/group-projects/discussion-info': () => ({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'There is no group project 7.' } },
      }),
    });
    renderApp('/group-projects/7', { session: signedInSession });
    expect(
      await screen.findByRole('heading', { name: 'This group does not exist (any more).' }),
    ).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/admin/me')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(callsTo(calls, 'GET', '/api/admin/hidden-groups/7')).toHaveLength(0);
  });
});
