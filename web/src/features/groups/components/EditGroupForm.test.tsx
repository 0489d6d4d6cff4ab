import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, beforeAll } from 'vitest';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { topicSearchHandler } from '../../../test/topic-search-mock';
import {
  apiError,
  callsTo,
  groupList,
  groupsHandler,
  makeGroup,
  makeInfo,
  makeViewer,
  signedInAs,
  signedInSession,
} from '../test-fixtures';
import { VISIBILITY_CHANGE_NOTES } from '../post-form';
import { preloadBoardViews } from '../../../test/preload-views';

beforeAll(preloadBoardViews);

const group = makeGroup({
  groupProjectId: 7,
  title: 'Typo in the titel',
  description: 'A chess engine in Rust.',
  topics: ['rust', 'chess'],
  skillLevel: 'Intermediate',
  maxMembers: 5,
  memberCount: 3,
  repoExt: 'ada/chess',
  owner: { login: 'ada', avatarUrl: null },
  joinQuestion: 'Which openings do you play?',
});
const owner = makeViewer('owner', { edit: true, delete: true, post: true, readDiscussion: true });

function setup(extra: Record<string, MockHandler> = {}, info = makeInfo(group, { viewer: owner })) {
  const api = mockApi({
    ...signedInAs(),
    'GET /api/account/public-repos': () => ({ body: { repos: [] } }),
    ...topicSearchHandler([]),
    'POST /api/group-projects/discussion-info': () => ({ body: { data: info } }),
    ...extra,
  });
  return { ...api, ...renderApp('/group-projects/7', { session: signedInSession }) };
}

async function openEdit(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Edit group' }));
  return within(await screen.findByRole('dialog', { name: 'Edit group' }));
}

describe('editing a group', () => {
  it('opens the posting form filled with the group as it is, Discord link included', async () => {
    const { user } = setup({}, makeInfo(group, { viewer: owner, discordUrl: 'https://discord.gg/chess' }));
    const dialog = await openEdit(user);
    expect((dialog.getByLabelText('Title') as HTMLInputElement).value).toBe('Typo in the titel');
    expect((dialog.getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'A chess engine in Rust.',
    );
    expect((dialog.getByLabelText('or type a GitHub URL') as HTMLInputElement).value).toBe(
      'https://github.com/ada/chess',
    );
    expect((dialog.getByLabelText('Skill level') as HTMLSelectElement).value).toBe('Intermediate');
    expect((dialog.getByLabelText('Maximum members (optional)') as HTMLInputElement).value).toBe('5');
    expect((dialog.getByLabelText('Discord invite URL (optional)') as HTMLInputElement).value).toBe(
      'https://discord.gg/chess',
    );
    expect((dialog.getByRole('radio', { name: /Public/ }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByText('rust')).toBeTruthy();
    expect(dialog.getByText('chess')).toBeTruthy();
    expect(
      (dialog.getByLabelText('Question for people asking to join (optional)') as HTMLInputElement).value,
    ).toBe('Which openings do you play?');
  });

  it('is not offered to someone who may not edit', async () => {
    setup({}, makeInfo(group, { viewer: makeViewer('member', { readDiscussion: true, leave: true }) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Typo in the titel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit group' })).toBeNull();
  });

  it('saves the changes with the group id, closes, and says so', async () => {
    const { user, calls } = setup({
      'POST /api/group-projects/edit-project': () => ({ body: { ...group, title: 'Fixed title' } }),
    });
    const dialog = await openEdit(user);
    const title = dialog.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Fixed title');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/group-projects/edit-project')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/group-projects/edit-project')[0]?.body).toEqual({
      groupProjectId: 7,
      title: 'Fixed title',
      description: 'A chess engine in Rust.',
      repository: 'https://github.com/ada/chess',
      topics: ['rust', 'chess'],
      skillLevel: 'Intermediate',
      visibility: 'public',
      discordUrl: null,
      maxMembers: 5,
      joinQuestion: 'Which openings do you play?',
      // A group without needs keeps none.
      needs: { skills: [], timezoneFrom: null, timezoneTo: null, hoursPerWeek: null },
    });
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit group' })).toBeNull());
  });

  it("checks fields before sending and shows the server's refusal, keeping the form open", async () => {
    const { user, calls } = setup({
      'POST /api/group-projects/edit-project': () =>
        apiError(
          409,
          'CONFLICT',
          'This group has 3 members: its maximum cannot be below that (body.maxMembers).',
        ),
    });
    const dialog = await openEdit(user);
    await user.clear(dialog.getByLabelText('Title'));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(dialog.getByText('Give the group a title.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/edit-project')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Title'), 'Fixed title');
    const max = dialog.getByLabelText('Maximum members (optional)');
    await user.clear(max);
    await user.type(max, '2');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(
      await dialog.findByText(
        'This group has 3 members: its maximum cannot be below that (body.maxMembers).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit group' })).toBeTruthy();
  });

  it('says what a change of visibility means for members and everyone else before saving', async () => {
    const { user } = setup();
    const dialog = await openEdit(user);
    expect(dialog.queryByText(VISIBILITY_CHANGE_NOTES.private)).toBeNull();
    await user.click(dialog.getByRole('radio', { name: /Private/ }));
    expect(dialog.getByText(VISIBILITY_CHANGE_NOTES.private)).toBeTruthy();
    expect(VISIBILITY_CHANGE_NOTES.private).toMatch(/members stay/);
    await user.click(dialog.getByRole('radio', { name: /Public/ }));
    expect(dialog.queryByText(VISIBILITY_CHANGE_NOTES.private)).toBeNull();
  });
});

describe('an edited or hidden group', () => {
  it('shows "edited" with its time beside the posting date', async () => {
    const edited = { ...group, editedAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString() };
    setup({}, makeInfo(edited, { viewer: owner }));
    expect(await screen.findByText(/Posted by/)).toBeTruthy();
    expect(screen.getByText(/edited 3 hours ago/)).toBeTruthy();
  });

  it('shows "edited" with its time on the group\'s card in the list', async () => {
    const edited = { ...group, editedAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString() };
    mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([edited, makeGroup({ groupProjectId: 8 })])),
    });
    renderApp('/group-projects', { session: signedInSession });
    const card = within(await screen.findByRole('article', { name: 'Typo in the titel' }));
    expect(card.getByText('edited 2 days ago')).toBeTruthy();
    const other = within(screen.getByRole('article', { name: 'Group 8' }));
    expect(other.queryByText(/edited/)).toBeNull();
  });

  it('tells the owner a moderator hid it, and why', async () => {
    setup(
      {},
      makeInfo(group, {
        viewer: makeViewer('owner', { edit: true, delete: true, readDiscussion: true }),
        hidden: true,
        hiddenReason: 'Spam links.',
      }),
    );
    expect(await screen.findByText('Hidden by a moderator: Spam links.')).toBeTruthy();
  });

  it('shows no hidden notice on a group that is not hidden', async () => {
    setup({}, makeInfo(group, { viewer: owner, hidden: false, hiddenReason: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Typo in the titel' })).toBeTruthy();
    expect(screen.queryByText(/Hidden by a moderator/)).toBeNull();
  });
});
