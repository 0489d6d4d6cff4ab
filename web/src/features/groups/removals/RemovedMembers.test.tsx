import type { RemovedMember } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, beforeAll } from 'vitest';
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
  groupProjectId: 8,
  title: 'Tiny compiler',
  owner: { login: 'ada', avatarUrl: null },
});
const owner = makeViewer('owner', { edit: true, delete: true, removeMember: true, allowBack: true });

function removed(login: string, reason: string | null = null): RemovedMember {
  return { login, avatarUrl: null, removedAt: new Date(Date.now() - 3_600_000).toISOString(), reason };
}

function ownerPage(handlers: Parameters<typeof mockApi>[0], viewer = owner) {
  return mockApi(ownerPageHandlers(group, viewer, handlers));
}

describe("the owner's removed list", () => {
  it('lists the removed with their reason, and allows one back from the keyboard', async () => {
    let people = [removed('spammer', 'Spam links'), removed('quiet')];
    const { calls } = ownerPage({
      'GET /api/group-projects/removed-members': () => ({ body: { data: people } }),
      'DELETE /api/group-projects/removed-members': (call) => {
        const { memberUsername } = call.body as { memberUsername: string };
        people = people.filter((person) => person.login !== memberUsername);
        return { body: { groupProjectId: 8, login: memberUsername, allowedBack: true } };
      },
    });
    const { user } = renderApp('/group-projects/8', { session: signedInSession });

    const list = await screen.findByRole('list', { name: 'Removed members' });
    const [first] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(first?.textContent).toContain('spammer');
    expect(first?.textContent).toMatch(/Removed 1 hour ago · Spam links/);

    const allow = screen.getByRole('button', { name: 'Allow back spammer' });
    allow.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('spammer can join again.')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/group-projects/removed-members')[0]?.body).toEqual({
      groupProjectId: 8,
      memberUsername: 'spammer',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Allow back spammer' })).toBeNull());
    // The keyboard's place moves to the section's heading, not to the top of the page.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Removed' }));
    expect(screen.getByRole('button', { name: 'Allow back quiet' })).toBeTruthy();
  });

  it('says so when nobody was removed, and while the list loads', async () => {
    let answer: (value: { body: { data: RemovedMember[] } }) => void = () => {};
    ownerPage({
      'GET /api/group-projects/removed-members': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/group-projects/8', { session: signedInSession });
    expect(await screen.findByRole('status', { name: 'Loading removed members' })).toBeTruthy();
    answer({ body: { data: [] } });
    expect(await screen.findByText('Nobody has been removed from this group.')).toBeTruthy();
  });

  it('keeps the person listed and says why when allowing back fails', async () => {
    ownerPage({
      'GET /api/group-projects/removed-members': () => ({ body: { data: [removed('spammer')] } }),
      'DELETE /api/group-projects/removed-members': () =>
        apiError(404, 'NOT_FOUND', 'spammer was not removed from this group (body.memberUsername).'),
    });
    const { user } = renderApp('/group-projects/8', { session: signedInSession });
    await user.click(await screen.findByRole('button', { name: 'Allow back spammer' }));
    expect(
      await screen.findByText('spammer was not removed from this group (body.memberUsername).'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Allow back spammer' })).toBeTruthy();
  });

  it('says when the list cannot be loaded', async () => {
    ownerPage({
      'GET /api/group-projects/removed-members': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Try again.'),
    });
    renderApp('/group-projects/8', { session: signedInSession });
    expect(await screen.findByText('The removed members could not be loaded.')).toBeTruthy();
  });

  it('is not shown to a member, and a removed viewer is told why they cannot join', async () => {
    const { calls } = mockApi({
      ...signedInAs(),
      'POST /api/group-projects/discussion-info': () => ({
        body: {
          data: makeInfo(group, { viewer: makeViewer('removed', { readDiscussion: true, save: true }) }),
        },
      }),
    });
    renderApp('/group-projects/8', { session: signedInSession });
    expect(await screen.findByText('The owner removed you from this group.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Removed' })).toBeNull();
    expect(callsTo(calls, 'GET', '/api/group-projects/removed-members')).toHaveLength(0);
  });
});
