// The projects list's sorting and filters: defaults, sort options, topics, languages, new only, the Filters fold.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { topicSearchHandler } from '../../../test/topic-search-mock';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { listResponse, makeProject, projectsHandler } from '../test-fixtures';
import { card, lastRequest, topics } from './projects-page-test-support';

describe('sorting and filtering the projects list', () => {
  it('asks for the default list: Most Contributors, no filters, page 1', async () => {
    const { calls } = mockApi(projectsHandler(() => listResponse([makeProject()])));
    renderApp('/');

    expect(await lastRequest(calls)).toEqual({
      sortField: 'contributors',
      order: 'DESC',
      filters: { topics: [], languages: [] },
      page: 1,
      showNew: false,
    });
  });

  it('falls back to the defaults for query values it cannot read', async () => {
    const { calls } = mockApi(projectsHandler(() => listResponse([makeProject()])));
    renderApp('/?sort=sideways&page=-3&topics=Bad_Topic!,react&new=yes&languages=');

    expect(await lastRequest(calls)).toEqual({
      sortField: 'contributors',
      order: 'DESC',
      filters: { topics: ['react'], languages: [] },
      page: 1,
      showNew: false,
    });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect((sort as HTMLSelectElement).value).toBe('contributors-desc');
  });

  it('sorts with the six options of the spec, in the URL, back on page 1', async () => {
    const { calls } = mockApi(
      projectsHandler((request) =>
        listResponse([makeProject()], { totalPages: 5, pageLocation: request.page }),
      ),
    );
    const { user, currentUrl } = renderApp('/?page=3');
    await card('project-1');

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Most Contributors',
      'Least Contributors',
      'Alphabetical',
      'Most Used By',
      'Least Used By',
      'Most Saved',
      'Most beginner issues',
    ]);
    await user.selectOptions(sort, 'Most beginner issues');
    expect(currentUrl()).toBe('/?sort=beginner_issues-desc');
    expect(await lastRequest(calls)).toMatchObject({ sortField: 'beginner_issues', order: 'DESC', page: 1 });

    await user.selectOptions(sort, 'Most Used By');

    expect(currentUrl()).toBe('/?sort=used_by-desc');
    expect(await lastRequest(calls)).toMatchObject({ sortField: 'used_by', order: 'DESC', page: 1 });

    await user.selectOptions(sort, 'Alphabetical');
    expect(currentUrl()).toBe('/?sort=name-asc');
    expect(await lastRequest(calls)).toMatchObject({ sortField: 'name', order: 'ASC' });
  });

  it('filters by topics picked from a searchable list with the keyboard, and removes them as chips', async () => {
    const { calls } = mockApi({
      ...projectsHandler(() => listResponse([makeProject()])),
      ...topicSearchHandler(topics),
    });
    const { user, currentUrl } = renderApp('/');
    await card('project-1');

    const input = screen.getByRole('combobox', { name: 'Topics' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'r');

    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Topics' });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['react1.2k projects', 'rust30 projects']),
    );

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const rust = within(listbox).getByRole('option', { name: /^rust/ });
    expect(input.getAttribute('aria-activedescendant')).toBe(rust.id);
    await user.keyboard('{Enter}');

    expect(currentUrl()).toBe('/?topics=rust');
    expect(await lastRequest(calls)).toMatchObject({ filters: { topics: ['rust'], languages: [] } });
    const chips = screen.getByRole('list', { name: 'Selected topics' });
    expect(within(chips).getByText('rust')).toBeTruthy();
    expect(rust.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Remove topic rust' }));

    // Back to the unfiltered list, which is still cached from the first visit.
    expect(currentUrl()).toBe('/');
    expect(screen.queryByRole('list', { name: 'Selected topics' })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('says so when no topic matches the search', async () => {
    mockApi({
      ...projectsHandler(() => listResponse([makeProject()])),
      ...topicSearchHandler(topics),
    });
    const { user } = renderApp('/');
    await card('project-1');

    await user.type(screen.getByRole('combobox', { name: 'Topics' }), 'zzz');

    expect(await screen.findByText('No topics match "zzz".')).toBeTruthy();
  });

  it('filters by languages, saying how many projects have one and how many only from a topic', async () => {
    const { calls } = mockApi({
      ...projectsHandler(() => listResponse([makeProject()])),
      'GET /api/projects/languages': () => ({
        body: {
          languages: [
            { language: 'Go', count: 12, derived: 9 },
            { language: 'C++', count: 4, derived: 0 },
          ],
          known: 16,
          total: 1903,
        },
      }),
    });
    const { user, currentUrl } = renderApp('/?topics=cli');
    await card('project-1');

    expect(await screen.findByText('16 of 1,903 projects have a known language.')).toBeTruthy();
    const input = screen.getByRole('combobox', { name: 'Languages' });
    expect(
      input
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['Up to 10 languages.', '16 of 1,903 projects have a known language.']);
    await user.click(input);
    expect(screen.getByRole('option', { name: /^Go/ }).textContent).toBe('Go12 projects, 9 from topics');
    expect(screen.getByRole('option', { name: /^C\+\+/ }).textContent).toBe('C++4 projects');
    await user.click(screen.getByRole('option', { name: /^C\+\+/ }));
    await user.click(screen.getByRole('option', { name: /^Go/ }));

    expect(currentUrl()).toBe('/?topics=cli&languages=C%2B%2B,Go');
    expect(await lastRequest(calls)).toMatchObject({
      filters: { topics: ['cli'], languages: ['C++', 'Go'] },
    });
  });

  it('shows only new projects with the toggle, and clears every filter at once', async () => {
    const { calls } = mockApi(projectsHandler(() => listResponse([makeProject()])));
    const { user, currentUrl } = renderApp('/?sort=saves-desc&languages=Go');
    await card('project-1');

    await user.click(screen.getByRole('checkbox', { name: 'New in the last 30 days' }));

    expect(currentUrl()).toBe('/?sort=saves-desc&languages=Go&new=1');
    expect(await lastRequest(calls)).toMatchObject({ showNew: true, filters: { languages: ['Go'] } });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    // The sort is not a filter: it stays.
    expect(currentUrl()).toBe('/?sort=saves-desc');
    expect(await lastRequest(calls)).toMatchObject({
      showNew: false,
      filters: { topics: [], languages: [] },
    });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('folds the filters behind one Filters button that counts the active ones', async () => {
    mockApi(projectsHandler(() => listResponse([makeProject()])));
    const { user } = renderApp('/?topics=cli&languages=Go&new=1');
    await card('project-1');

    // Three filters are on: a topic, a language and the new-projects toggle (jsdom applies no media query).
    const toggle = screen.getByRole('button', { name: 'Filters (3)' });
    const filters = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(filters?.contains(screen.getByRole('checkbox', { name: 'New in the last 30 days' }))).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // The search box is not behind it.
    expect(filters?.contains(screen.getByRole('searchbox', { name: 'Search projects' }))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('true');
  });
});
