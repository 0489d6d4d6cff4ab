import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { groupList, groupsHandler, makeGroup } from '../../groups/test-fixtures';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { listRequests, listResponse, makeProject, projectsHandler } from '../test-fixtures';

/** A catalogue as a self-hoster has it before any sync: imported, no figure a sync brings. */
const unsynced = (projectId: number) =>
  makeProject({ projectId, contributors: null, usedBy: null, stars: null, lastSyncedAt: null });

function card(name: string) {
  return screen.findByRole('article', { name: new RegExp(`^${name}\\b`) });
}

function sortSelect() {
  return screen.getByRole('combobox', { name: 'Sort by' });
}

describe('figures a sync has not brought yet', () => {
  it('says so in words on the card, with the time of the last catalogue sync', async () => {
    const lastSync = new Date(Date.now() - 3 * 3_600_000).toISOString();
    mockApi(
      projectsHandler(() =>
        listResponse([unsynced(1), makeProject({ projectId: 2 })], { lastCatalogueSyncAt: lastSync }),
      ),
    );
    renderApp('/');

    const waiting = await card('project-1');
    expect(within(waiting).getByText(/^Figures arrive with the next sync\./)).toBeTruthy();
    const when = within(waiting).getByText('3 hours ago');
    expect(when.tagName).toBe('TIME');
    expect(when.getAttribute('datetime')).toBe(lastSync);
    expect(within(waiting).getByText(/Last catalogue sync:/)).toBeTruthy();

    // A synced project carries its figures and no such line.
    expect(within(await card('project-2')).queryByText(/Figures arrive/)).toBeNull();
  });

  it('leaves the time out when no sync has run, and says nothing of the kind on demo projects', async () => {
    mockApi(
      projectsHandler(() =>
        listResponse([unsynced(1), makeProject({ projectId: 2, lastSyncedAt: null, isDemo: true })]),
      ),
    );
    renderApp('/');

    const waiting = await card('project-1');
    expect(within(waiting).getByText('Figures arrive with the next sync.')).toBeTruthy();
    expect(within(waiting).queryByText(/Last catalogue sync/)).toBeNull();
    expect(within(await card('project-2')).queryByText(/Figures arrive/)).toBeNull();
  });
});

describe('the New badge', () => {
  it('marks a project new to the catalogue in the last 30 days, and never one of a bulk import', async () => {
    const day = 86_400_000;
    mockApi(
      projectsHandler(() =>
        listResponse([
          makeProject({ projectId: 1, newSince: new Date(Date.now() - 2 * day).toISOString() }),
          makeProject({ projectId: 2, newSince: new Date(Date.now() - 31 * day).toISOString() }),
          // Imported yesterday: the import is the catalogue, not news in it.
          makeProject({ projectId: 3, newSince: null, addedAt: new Date(Date.now() - day).toISOString() }),
        ]),
      ),
    );
    renderApp('/');

    expect(within(await card('project-1')).getByText('New')).toBeTruthy();
    expect(within(await card('project-2')).queryByText('New')).toBeNull();
    expect(within(await card('project-3')).queryByText('New')).toBeNull();
  });
});

describe('sorting by a figure some projects lack', () => {
  it('disables the sorts by a figure no project has, with the reason, and says what the list does', async () => {
    mockApi(
      projectsHandler(() =>
        listResponse([unsynced(1)], {
          total: 1903,
          totalPages: 96,
          known: { contributors: 0, usedBy: 12 },
          sortFallback: true,
        }),
      ),
    );
    renderApp('/');
    await card('project-1');

    await waitFor(() =>
      expect(within(sortSelect()).getByRole('option', { name: /^Most Contributors/ })).toHaveProperty(
        'disabled',
        true,
      ),
    );
    const options = within(sortSelect()).getAllByRole('option');
    expect(options.map((option) => [option.textContent, (option as HTMLOptionElement).disabled])).toEqual([
      ['Most Contributors (no counts yet)', true],
      ['Least Contributors (no counts yet)', true],
      ['Alphabetical', false],
      ['Most Used By', false],
      ['Least Used By', false],
      ['Most Saved', false],
      ['Most beginner issues', false],
    ]);
    // The box shows the order the list is really in.
    expect((sortSelect() as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Most beginner issues');
    expect(
      screen.getByText(
        'No project here has a contributor count yet, so those with the most beginner issues come first.',
      ),
    ).toBeTruthy();
  });

  it('says how many of the listed projects have the figure it sorts by', async () => {
    const { calls } = mockApi(
      projectsHandler(() =>
        listResponse([makeProject()], {
          total: 1903,
          totalPages: 96,
          known: { contributors: 312, usedBy: 40 },
        }),
      ),
    );
    const { user } = renderApp('/');

    expect(
      await screen.findByText('312 of 1,903 have a contributor count; the others come last.'),
    ).toBeTruthy();
    await user.selectOptions(sortSelect(), 'Most Used By');
    await waitFor(() => expect(listRequests(calls).at(-1)).toMatchObject({ sortField: 'used_by' }));
    expect(await screen.findByText('40 of 1,903 have a used-by count; the others come last.')).toBeTruthy();

    // Every project has a name: nothing to say.
    await user.selectOptions(sortSelect(), 'Alphabetical');
    await waitFor(() => expect(screen.queryByText(/ of 1,903 have /)).toBeNull());
  });
});

describe('exact totals and the page served', () => {
  it('counts the projects in full, with thousands separators', async () => {
    mockApi(projectsHandler(() => listResponse([makeProject()], { total: 1903, totalPages: 96 })));
    renderApp('/');

    expect(await screen.findByText('1,903 projects')).toBeTruthy();
    expect(screen.getByText('Page 1 of 96')).toBeTruthy();
  });

  it('counts the groups in full too', async () => {
    mockApi(groupsHandler(() => groupList([makeGroup()], { total: 1903, totalPages: 96 })));
    renderApp('/group-projects');

    expect(await screen.findByText('1,903 groups, page 1 of 96')).toBeTruthy();
  });

  it('corrects a page past the end in the address, replacing the entry rather than adding one', async () => {
    const { calls } = mockApi(
      projectsHandler((request) =>
        listResponse([makeProject()], {
          total: 1903,
          totalPages: 96,
          pageLocation: Math.min(request.page, 96),
        }),
      ),
    );
    const { currentUrl, router } = renderApp('/?sort=name-asc&page=9999');

    await waitFor(() => expect(currentUrl()).toBe('/?sort=name-asc&page=96'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(listRequests(calls)[0]).toMatchObject({ page: 9999 });
    expect(await screen.findByText('Page 96 of 96')).toBeTruthy();
  });
});
