// The action buttons on a group list's cards: Join, Request to join, Cancel request, Leave, Open, as the server allows.
import type { GroupViewer } from '@openlfg/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  groupList,
  groupsHandler,
  makeGroup,
  makeViewer,
  signedInAs,
  signedInSession,
  viewersHandler,
} from '../test-fixtures';
import { publicGroup, privateGroup, card } from './group-list-test-support';

describe('the action buttons of a card', () => {
  // What the server answers each viewer (its policy decides; the cards only show it).
  const stranger = {
    public: makeViewer('none', { join: true, save: true, report: true, readDiscussion: true }),
    private: makeViewer('none', { request: true, save: true, report: true }),
  };
  const member = makeViewer('member', {
    leave: true,
    save: true,
    report: true,
    post: true,
    readDiscussion: true,
  });
  const requester = makeViewer('requester', { request: true, cancelRequest: true, save: true, report: true });
  const membership = (groupProjectId: number, memberCount: number, viewer: GroupViewer) => ({
    body: { groupProjectId, memberCount, viewer },
  });

  it('asks an anonymous visitor to sign in for Join and Request to join', async () => {
    const { calls } = mockApi({
      ...groupsHandler(() => groupList([publicGroup, privateGroup])),
      ...viewersHandler((id) =>
        makeViewer('anonymous', {}, id === 1 ? stranger.public.may : stranger.private.may),
      ),
    });
    const { user } = renderApp('/group-projects');

    await user.click(await within(await card('Rust CLI')).findByRole('button', { name: 'Join Rust CLI' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(
      within(await card('Secret game')).getByRole('button', { name: 'Request to join Secret game' }),
    );
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/group-projects/join'))).toBe(false);
    // One question for the whole page of cards.
    expect(callsTo(calls, 'POST', '/api/group-projects/viewer').map((call) => call.body)).toEqual([
      { groupProjectIds: [1, 2] },
    ]);
  });

  it('shows Open group to the owner and Open discussion and Leave to a member', async () => {
    mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([publicGroup, privateGroup])),
      ...viewersHandler((id) =>
        id === 1
          ? makeViewer('owner', { delete: true, save: true, post: true, readDiscussion: true })
          : member,
      ),
    });
    renderApp('/group-projects', { session: signedInSession });

    const owned = await card('Rust CLI');
    expect(
      (await within(owned).findByRole('link', { name: 'Open group Rust CLI' })).getAttribute('href'),
    ).toBe('/group-projects/1');
    expect(within(owned).queryByRole('button', { name: /^Join/ })).toBeNull();
    expect(within(owned).queryByRole('button', { name: /^Leave/ })).toBeNull();
    const joined = await card('Secret game');
    expect(await within(joined).findByRole('link', { name: 'Open discussion Secret game' })).toBeTruthy();
    expect(within(joined).getByRole('button', { name: 'Leave Secret game' })).toBeTruthy();
  });

  it('joins a public group and then offers Leave', async () => {
    let group = publicGroup;
    let viewer = stranger.public;
    const { calls } = mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([group])),
      ...viewersHandler(() => viewer),
      'POST /api/group-projects/join': () => {
        group = { ...publicGroup, memberCount: 4 };
        viewer = member;
        return membership(1, 4, member);
      },
    });
    const { user } = renderApp('/group-projects', { session: signedInSession });
    const tile = await card('Rust CLI');

    await user.click(await within(tile).findByRole('button', { name: 'Join Rust CLI' }));

    expect(await within(tile).findByRole('button', { name: 'Leave Rust CLI' })).toBeTruthy();
    expect(within(tile).queryByRole('button', { name: 'Join Rust CLI' })).toBeNull();
    expect(within(tile).getByText('4 members')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/join')[0]?.body).toEqual({ groupProjectId: 1 });
    expect(await screen.findByText('You joined Rust CLI.')).toBeTruthy();
  });

  it('leaves a group with DELETE /leave and then offers Join', async () => {
    let viewer = member;
    const { calls } = mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([publicGroup])),
      ...viewersHandler(() => viewer),
      'DELETE /api/group-projects/leave': () => {
        viewer = stranger.public;
        return membership(1, 2, stranger.public);
      },
    });
    const { user } = renderApp('/group-projects', { session: signedInSession });
    const tile = await card('Rust CLI');

    await user.click(await within(tile).findByRole('button', { name: 'Leave Rust CLI' }));

    expect(await within(tile).findByRole('button', { name: 'Join Rust CLI' })).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/group-projects/leave')[0]?.body).toEqual({ groupProjectId: 1 });
  });

  it('asks to join a private group, then offers Cancel request, which cancels it', async () => {
    let viewer = stranger.private;
    const { calls } = mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([privateGroup])),
      ...viewersHandler(() => viewer),
      'POST /api/group-projects/request': () => {
        viewer = requester;
        return { status: 201, ...membership(2, 3, requester) };
      },
      'DELETE /api/group-projects/request': () => {
        viewer = stranger.private;
        return membership(2, 3, stranger.private);
      },
    });
    const { user } = renderApp('/group-projects', { session: signedInSession });
    const tile = await card('Secret game');

    await user.click(await within(tile).findByRole('button', { name: 'Request to join Secret game' }));
    await user.click(await within(tile).findByRole('button', { name: 'Cancel request Secret game' }));

    expect(await within(tile).findByRole('button', { name: 'Request to join Secret game' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/request')[0]?.body).toEqual({ groupProjectId: 2 });
    expect(callsTo(calls, 'DELETE', '/api/group-projects/request')[0]?.body).toEqual({ groupProjectId: 2 });
  });

  it('shows Cancel request, not Request to join, to a user whose request is pending', async () => {
    mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([privateGroup])),
      ...viewersHandler(() => requester),
    });
    renderApp('/group-projects', { session: signedInSession });
    const tile = await card('Secret game');
    expect(await within(tile).findByRole('button', { name: 'Cancel request Secret game' })).toBeTruthy();
    expect(within(tile).queryByRole('button', { name: /^Request to join/ })).toBeNull();
  });

  it('offers no Join on a full group and says it is full, signed in or not', async () => {
    const full = makeGroup({ groupProjectId: 3, title: 'Full house', memberCount: 4, maxMembers: 4 });
    for (const [viewer, session] of [
      [makeViewer('none', { save: true, report: true, readDiscussion: true }), signedInSession],
      [
        makeViewer('anonymous', { readDiscussion: true }, { save: true, report: true, readDiscussion: true }),
        {},
      ],
    ] as const) {
      mockApi({
        ...(session === signedInSession ? signedInAs() : {}),
        ...groupsHandler(() => groupList([full])),
        ...viewersHandler(() => viewer),
      });
      const { unmount } = renderApp('/group-projects', { session: { isLoginLoading: false, ...session } });
      const tile = await card('Full house');
      expect(await within(tile).findByText('This group is full.')).toBeTruthy();
      expect(within(tile).queryByRole('button', { name: /^Join/ })).toBeNull();
      expect(within(tile).getByRole('button', { name: 'Save Full house' })).toBeTruthy();
      unmount();
    }
  });

  it('offers only what the server allows, even where the group looks open', async () => {
    // A public group with room, but the server offers this viewer nothing but saving.
    mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([publicGroup])),
      ...viewersHandler(() => makeViewer('none', { save: true })),
    });
    renderApp('/group-projects', { session: signedInSession });
    const tile = await card('Rust CLI');
    expect(await within(tile).findByRole('button', { name: 'Save Rust CLI' })).toBeTruthy();
    expect(within(tile).queryByRole('button', { name: /^Join/ })).toBeNull();
    expect(within(tile).queryByText('This group is full.')).toBeNull();
  });

  it('shows a group closed to the viewer as closed, when the server says it is, though it is open', async () => {
    mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([publicGroup])),
      ...viewersHandler(() => ({ ...makeViewer('none', { save: true, report: true }), status: 'closed' })),
    });
    renderApp('/group-projects', { session: signedInSession });
    const tile = await card('Rust CLI');
    expect(await within(tile).findByText('This group is closed to new members.')).toBeTruthy();
    expect(within(tile).getByText('Closed')).toBeTruthy();
    expect(within(tile).queryByRole('button', { name: /^Join/ })).toBeNull();
  });

  it("shows the server's message when joining fails, and keeps Join", async () => {
    mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([publicGroup])),
      ...viewersHandler(() => stranger.public),
      'POST /api/group-projects/join': () => apiError(409, 'CONFLICT', 'This group is full.'),
    });
    const { user } = renderApp('/group-projects', { session: signedInSession });
    const tile = await card('Rust CLI');

    await user.click(await within(tile).findByRole('button', { name: 'Join Rust CLI' }));

    expect(await screen.findByText('This group is full.')).toBeTruthy();
    expect(within(tile).getByRole('button', { name: 'Join Rust CLI' })).toBeTruthy();
  });
});
