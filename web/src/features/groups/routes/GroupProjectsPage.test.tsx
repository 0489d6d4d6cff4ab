// The group list page: its cards, sort and filters, saving a group, and ?post=new.
import type { GroupProject } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  groupList,
  groupListRequests,
  groupsHandler,
  makeGroup,
  makeViewer,
  signedInAs,
  signedInSession,
  viewersHandler,
} from '../test-fixtures';
import { publicGroup, privateGroup, card, deferred } from './group-list-test-support';

describe('the group list', () => {
  it('shows each group as a card with its details', async () => {
    mockApi(groupsHandler(() => groupList([publicGroup, privateGroup])));
    renderApp('/group-projects');

    const first = await card('Rust CLI');
    expect(within(first).getByRole('link', { name: 'Rust CLI' }).getAttribute('href')).toBe(
      '/group-projects/1',
    );
    expect(within(first).getByText('Public')).toBeTruthy();
    expect(within(first).getByText('3 members')).toBeTruthy();
    expect(within(first).getByText('2 hours ago')).toBeTruthy();
    expect(within(first).getByText('owner')).toBeTruthy();
    const second = await card('Secret game');
    expect(within(second).getByText('Private')).toBeTruthy();
    expect(within(second).getByText('3 of 5 members')).toBeTruthy();
  });

  it('marks a group of the demo data as demo, and no other', async () => {
    const demo = makeGroup({ groupProjectId: 3, title: 'First React PRs', isDemo: true });
    mockApi(groupsHandler(() => groupList([demo, publicGroup])));
    renderApp('/group-projects');

    const demoCard = await card('First React PRs');
    // Read as "Demo: a made-up group of the demo data, gone once ...", the tooltip says the same.
    expect(within(demoCard).getByTitle(/made-up group of the demo data/).textContent).toMatch(
      /^Demo: a made-up group of the demo data/,
    );
    expect(within(await card('Rust CLI')).queryByTitle(/demo data/)).toBeNull();
  });

  it('puts the sort and filters in the request and the URL', async () => {
    const { calls } = mockApi(groupsHandler(() => groupList([publicGroup])));
    const { user, currentUrl } = renderApp('/group-projects');
    await card('Rust CLI');
    expect(groupListRequests(calls)[0]).toEqual({ sortField: 'date_posted', order: 'DESC', page: 1 });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most Saved');
    await waitFor(() => expect(currentUrl()).toBe('/group-projects?sort=saves-desc'));
    await user.click(screen.getByRole('checkbox', { name: 'Beginner' }));
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await user.selectOptions(screen.getByLabelText('Date posted'), 'Last week');

    await waitFor(() =>
      expect(currentUrl()).toBe(
        '/group-projects?sort=saves-desc&skills=Beginner&visibility=private&posted=7',
      ),
    );
    await waitFor(() =>
      expect(groupListRequests(calls).at(-1)).toEqual({
        sortField: 'saves',
        order: 'DESC',
        page: 1,
        skillLevels: ['Beginner'],
        visibility: 'private',
        datePosted: 7,
      }),
    );
  });

  it("filters the list by a card's topic chip, as project cards do, and takes it out again", async () => {
    const { calls } = mockApi(groupsHandler(() => groupList([publicGroup])));
    const { user, currentUrl } = renderApp('/group-projects');
    const chip = within(await card('Rust CLI')).getByRole('button', { name: 'react' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');

    await user.click(chip);
    await waitFor(() => expect(currentUrl()).toBe('/group-projects?topics=react'));
    await waitFor(() => expect(groupListRequests(calls).at(-1)?.topics).toEqual(['react']));
    const pressed = within(await card('Rust CLI')).getByRole('button', { name: 'react' });
    await waitFor(() => expect(pressed.getAttribute('aria-pressed')).toBe('true'));

    await user.click(pressed);
    await waitFor(() => expect(currentUrl()).toBe('/group-projects'));
  });

  it('gives a group the same card colour whatever its place in the list', async () => {
    let order = [publicGroup, privateGroup];
    mockApi(groupsHandler(() => groupList(order)));
    const { user } = renderApp('/group-projects');
    const before = (await card('Secret game')).className;
    order = [privateGroup, publicGroup];
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Oldest');
    await waitFor(async () =>
      expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-labelledby'))).toHaveLength(
        2,
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('article')[0]?.textContent).toContain('Secret game'));
    expect((await card('Secret game')).className).toBe(before);
    expect((await card('Rust CLI')).className).not.toBe(before);
  });

  it('reads the filters from the URL and corrects a page past the end', async () => {
    const { calls } = mockApi(
      groupsHandler(() => groupList([publicGroup], { totalPages: 2, pageLocation: 2, total: 21 })),
    );
    const { currentUrl } = renderApp('/group-projects?topics=react&visibility=public&page=9');
    await card('Rust CLI');
    expect(groupListRequests(calls)[0]).toEqual({
      sortField: 'date_posted',
      order: 'DESC',
      page: 9,
      topics: ['react'],
      visibility: 'public',
    });
    await waitFor(() => expect(currentUrl()).toBe('/group-projects?topics=react&visibility=public&page=2'));
  });

  it('says when no group matches the filters', async () => {
    mockApi(groupsHandler(() => groupList([])));
    const { user, currentUrl } = renderApp('/group-projects?visibility=private');
    expect(await screen.findByText('No groups match these filters.')).toBeTruthy();
    await user.click(
      within(screen.getByRole('region', { name: 'Group results' })).getByRole('button', {
        name: 'Clear filters',
      }),
    );
    await waitFor(() => expect(currentUrl()).toBe('/group-projects'));
  });
});

describe('saving a group', () => {
  it('saves at once, then takes the count the server gives', async () => {
    const answer = deferred();
    const group: GroupProject = { ...publicGroup, saves: 4 };
    const { calls } = mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([group])),
      ...viewersHandler(() => makeViewer('none', { join: true, save: true, report: true })),
      'POST /api/group-projects/save': () => answer.promise,
    });
    const { user } = renderApp('/group-projects', { session: signedInSession });
    const tile = await card('Rust CLI');
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/group-projects/saved')).toHaveLength(1));

    await user.click(await within(tile).findByRole('button', { name: 'Save Rust CLI' }));

    const saved = await within(tile).findByRole('button', { name: 'Saved Rust CLI' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect(within(tile).getByText('5')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/save')[0]?.body).toEqual({ projectId: 1 });
    answer.answer({ body: { projectId: 1, saved: true, saves: 9 } });
    expect(await within(tile).findByText('9')).toBeTruthy();
  });

  it('puts everything back and says so when saving fails', async () => {
    const group: GroupProject = { ...publicGroup, saves: 4 };
    mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([group])),
      ...viewersHandler(() => makeViewer('none', { join: true, save: true, report: true })),
      'POST /api/group-projects/save': () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong.'),
    });
    const { user } = renderApp('/group-projects', { session: signedInSession });
    const tile = await card('Rust CLI');

    await user.click(await within(tile).findByRole('button', { name: 'Save Rust CLI' }));

    expect(await screen.findByText('Could not save the group, please try again.')).toBeTruthy();
    expect(within(tile).getByRole('button', { name: 'Save Rust CLI' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(within(tile).getByText('4')).toBeTruthy();
  });

  it('asks an anonymous visitor to sign in', async () => {
    mockApi({
      ...groupsHandler(() => groupList([publicGroup])),
      ...viewersHandler(() => makeViewer('anonymous', {}, { join: true, save: true, report: true })),
    });
    const { user } = renderApp('/group-projects');
    await user.click(await within(await card('Rust CLI')).findByRole('button', { name: 'Save Rust CLI' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to continue' })).toBeTruthy();
  });
});

describe('posting from the list', () => {
  it('offers one "Post a group project" besides the nav bar’s while there is no group yet, and the header’s after', async () => {
    let groups: GroupProject[] = [];
    mockApi({ ...signedInAs(), ...groupsHandler(() => groupList(groups)) });
    const { unmount } = renderApp('/group-projects', { session: signedInSession });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('No one is looking for a group yet.')).toBeTruthy();
    expect(within(main).getAllByRole('button', { name: 'Post a group project' })).toHaveLength(1);
    unmount();

    groups = [publicGroup];
    renderApp('/group-projects', { session: signedInSession });
    await card('Rust CLI');
    expect(
      within(screen.getByRole('main')).getAllByRole('button', { name: 'Post a group project' }),
    ).toHaveLength(1);
  });
});

describe('?post=new', () => {
  it('opens the posting form for a signed-in user', async () => {
    mockApi({ ...signedInAs(), ...groupsHandler(() => groupList([])) });
    renderApp('/group-projects?post=new', { session: signedInSession });
    expect(await screen.findByRole('dialog', { name: 'Post a group project' })).toBeTruthy();
  });

  it('asks an anonymous visitor to sign in, coming back to the form', async () => {
    mockApi(groupsHandler(() => groupList([])));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp('/group-projects?post=new');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    await user.click(within(dialog).getByRole('button', { name: /^Login with Github/ }));
    expect(assign).toHaveBeenCalledWith('/api/account/authorize?returnTo=%2Fgroup-projects%3Fpost%3Dnew');
    expect(screen.queryByRole('dialog', { name: 'Post a group project' })).toBeNull();
  });
});
