import type { GroupInvite } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi, beforeAll } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  makeGroup,
  makeInfo,
  makeViewer,
  ownerPageHandlers,
  signedInAs,
  signedInSession,
} from '../test-fixtures';
import { preloadBoardViews } from '../../../test/preload-views';

beforeAll(preloadBoardViews);

const group = makeGroup({
  groupProjectId: 5,
  title: 'Secret game',
  visibility: 'private',
  owner: { login: 'ada', avatarUrl: null },
});
const owner = makeViewer('owner', { reject: true, approve: true, edit: true, delete: true, invite: true });
const DAY = 86_400_000;

function invite(inviteId: number, overrides: Partial<GroupInvite> = {}): GroupInvite {
  return {
    inviteId,
    groupProjectId: 5,
    token: `${inviteId}-${'5'.repeat(48)}`,
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 7 * DAY - 60_000).toISOString(),
    maxUses: null,
    uses: 0,
    usesLeft: null,
    ...overrides,
  };
}

// user-event puts a clipboard of its own in place of the browser's: what the page copied is read back from it.
const clipboardText = () => navigator.clipboard.readText();

function ownerPage(handlers: Parameters<typeof mockApi>[0], viewer = owner) {
  return mockApi(ownerPageHandlers(group, viewer, handlers));
}

describe("the owner's invite links", () => {
  it('lists the active links with their uses left and expiry, and copies one', async () => {
    ownerPage({
      'GET /api/group-projects/invites': () => ({
        body: { data: [invite(2, { maxUses: 3, uses: 1, usesLeft: 2 }), invite(1)] },
      }),
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });

    const list = await screen.findByRole('list', { name: 'Active invite links' });
    const [limited, open] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(
      within(limited as HTMLElement).getByText(`${window.location.origin}/invite/2-${'5'.repeat(48)}`),
    ).toBeTruthy();
    expect(within(limited as HTMLElement).getByText(/2 uses left \(used 1 time\)/)).toBeTruthy();
    expect(within(limited as HTMLElement).getByText('Expires in 6 days')).toBeTruthy();
    expect(within(open as HTMLElement).getByText(/Any number of uses/)).toBeTruthy();

    await user.click(within(limited as HTMLElement).getByRole('button', { name: 'Copy invite link 2' }));
    expect(await clipboardText()).toBe(`${window.location.origin}/invite/2-${'5'.repeat(48)}`);
    expect(await screen.findByText('Invite link copied.')).toBeTruthy();
  });

  it('creates a link for a number of uses and copies it; blank uses mean any number', async () => {
    let invites: GroupInvite[] = [];
    const { calls } = ownerPage({
      'GET /api/group-projects/invites': () => ({ body: { data: invites } }),
      'POST /api/group-projects/invites': (call) => {
        const { maxUses } = call.body as { maxUses: number | null };
        const created = invite(invites.length + 1, { maxUses, usesLeft: maxUses });
        invites = [created, ...invites];
        return { status: 201, body: created };
      },
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });

    expect(await screen.findByText('No active invite links.')).toBeTruthy();
    await user.type(screen.getByLabelText('Number of uses (optional)'), '3');
    await user.click(screen.getByRole('button', { name: 'Create invite link' }));
    expect(await screen.findByText('Invite link created and copied.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/invites')[0]?.body).toEqual({
      groupProjectId: 5,
      maxUses: 3,
    });
    expect(await clipboardText()).toBe(`${window.location.origin}/invite/1-${'5'.repeat(48)}`);
    const list = await screen.findByRole('list', { name: 'Active invite links' });
    expect(within(list).getByText(/3 uses left/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create invite link' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/group-projects/invites')).toHaveLength(2));
    expect(callsTo(calls, 'POST', '/api/group-projects/invites')[1]?.body).toEqual({
      groupProjectId: 5,
      maxUses: null,
    });
  });

  it('refuses a number of uses out of range without sending anything', async () => {
    const { calls } = ownerPage({ 'GET /api/group-projects/invites': () => ({ body: { data: [] } }) });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const uses = await screen.findByLabelText('Number of uses (optional)');
    await user.type(uses, '0');
    await user.click(screen.getByRole('button', { name: 'Create invite link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Uses must be a whole number from 1 to 1000, or blank.',
    );
    expect(document.activeElement).toBe(uses);
    expect(callsTo(calls, 'POST', '/api/group-projects/invites')).toHaveLength(0);
  });

  it('revokes a link', async () => {
    let invites = [invite(4)];
    const { calls } = ownerPage({
      'GET /api/group-projects/invites': () => ({ body: { data: invites } }),
      'DELETE /api/group-projects/invites': () => {
        invites = [];
        return { body: { inviteId: 4, revoked: true } };
      },
    });
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    await user.click(await screen.findByRole('button', { name: 'Revoke invite link 4' }));
    expect(await screen.findByText('Invite link revoked.')).toBeTruthy();
    expect(await screen.findByText('No active invite links.')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/group-projects/invites')[0]?.body).toEqual({
      groupProjectId: 5,
      inviteId: 4,
    });
  });

  it('says when the links cannot be loaded, and offers no form on a hidden group', async () => {
    ownerPage(
      {
        'GET /api/group-projects/invites': () => apiError(403, 'FORBIDDEN', 'No.'),
      },
      { ...owner, may: { ...owner.may, invite: false } },
    );
    renderApp('/group-projects/5', { session: signedInSession });
    expect(await screen.findByText('The invite links could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create invite link' })).toBeNull();
  });

  it('is not shown to a member', async () => {
    const { calls } = mockApi({
      ...signedInAs(),
      'POST /api/group-projects/discussion-info': () => ({
        body: {
          data: makeInfo(group, { viewer: makeViewer('member', { leave: true, readDiscussion: true }) }),
        },
      }),
    });
    renderApp('/group-projects/5', { session: signedInSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Secret game' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Invite links' })).toBeNull();
    expect(callsTo(calls, 'GET', '/api/group-projects/invites')).toHaveLength(0);
  });
});

describe('opening an invite link', () => {
  const token = `9-${'f'.repeat(48)}`;

  it('joins at once when signed in and opens the group', async () => {
    const member = makeViewer('member', { leave: true, readDiscussion: true, post: true });
    const { calls } = mockApi({
      ...signedInAs(),
      'POST /api/group-projects/invites/join': () => ({
        body: { groupProjectId: 5, memberCount: 2, viewer: member },
      }),
      'POST /api/group-projects/discussion-info': () => ({
        body: { data: makeInfo(group, { viewer: member }) },
      }),
    });
    const { currentUrl } = renderApp(`/invite/${token}`, { session: signedInSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Secret game' })).toBeTruthy();
    expect(currentUrl()).toBe('/group-projects/5');
    expect(await screen.findByText('You joined the group.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/invites/join')).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/api/group-projects/invites/join')[0]?.body).toEqual({ token });
  });

  it('offers to try again when the server cannot answer, and then joins', async () => {
    const member = makeViewer('member', { leave: true, readDiscussion: true });
    let answers = 0;
    mockApi({
      ...signedInAs(),
      'POST /api/group-projects/invites/join': () =>
        ++answers === 1
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'Try again shortly.')
          : { body: { groupProjectId: 5, memberCount: 2, viewer: member } },
      'POST /api/group-projects/discussion-info': () => ({
        body: { data: makeInfo(group, { viewer: member }) },
      }),
    });
    const { user, currentUrl } = renderApp(`/invite/${token}`, { session: signedInSession });
    expect(await screen.findByText('Could not join the group.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Secret game' })).toBeTruthy();
    expect(currentUrl()).toBe('/group-projects/5');
  });

  it.each([
    ['INVITE_EXPIRED', 410, 'This invite link has expired.'],
    ['INVITE_REVOKED', 410, 'This invite link was revoked.'],
    ['INVITE_USED_UP', 410, 'This invite link has been used up.'],
    ['REMOVED_FROM_GROUP', 403, 'The owner removed you from this group.'],
    ['NOT_FOUND', 404, 'This invite link is not valid.'],
    ['CONFLICT', 409, 'This invite link cannot let you in.'],
  ])('says so when the server answers %s', async (code, status, heading) => {
    mockApi({
      ...signedInAs(),
      'POST /api/group-projects/invites/join': () => apiError(status, code, `Because: ${code}`),
    });
    renderApp(`/invite/${token}`, { session: signedInSession });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByText(`Because: ${code}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the groups' })).toBeTruthy();
  });

  it('asks someone signed out to sign in first, naming the group, and sends nothing', async () => {
    const { calls } = mockApi({
      'GET /api/group-projects/invites/preview': () => ({
        body: { groupProjectId: 5, title: 'Secret game' },
      }),
    });
    const { user } = renderApp(`/invite/${token}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have been invited to join Secret game.' }),
    ).toBeTruthy();
    expect(calls.some((call) => call.url === `/api/group-projects/invites/preview?token=${token}`)).toBe(
      true,
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    try {
      await user.click(screen.getByRole('button', { name: 'Sign in to join' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: /github/i }));
      // The sign-in comes back to the link.
      expect(assign).toHaveBeenCalledWith(
        `/api/account/authorize?returnTo=${encodeURIComponent(`/invite/${token}`)}`,
      );
    } finally {
      assign.mockRestore();
    }
    expect(callsTo(calls, 'POST', '/api/group-projects/invites/join')).toHaveLength(0);
  });

  it('tells someone signed out that the link has expired, before any sign-in', async () => {
    mockApi({
      'GET /api/group-projects/invites/preview': () =>
        apiError(410, 'INVITE_EXPIRED', 'This invite link has expired.'),
    });
    renderApp(`/invite/${token}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invite link has expired.' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in to join' })).toBeNull();
  });
});
