import type { ProjectListRequest } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { topicSearchHandler } from '../../../test/topic-search-mock';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { listRequests, listResponse, makeProject, projectsHandler } from '../test-fixtures';

function card(name: string) {
  return screen.findByRole('article', { name: new RegExp(`^${name}\\b`) });
}

/** The value shown under a figure's label on a card. */
function figure(cardElement: HTMLElement, label: string) {
  const term = within(cardElement).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${label}`);
  return value;
}

async function lastRequest(calls: Parameters<typeof listRequests>[0]): Promise<ProjectListRequest> {
  let request: ProjectListRequest | undefined;
  await waitFor(() => {
    request = listRequests(calls).at(-1);
    expect(request).toBeDefined();
  });
  return request as ProjectListRequest;
}

const topics = [
  { topic: 'react', count: 1200 },
  { topic: 'rust', count: 30 },
  { topic: 'cli', count: 5 },
];

describe('the projects list', () => {
  it('shows each project as a card with its figures, an em dash for unknown ones', async () => {
    mockApi(
      projectsHandler(() =>
        listResponse(
          [
            makeProject({
              projectId: 1,
              name: 'react',
              repoExt: 'facebook/react',
              projectUrl: 'https://github.com/facebook/react',
              description: 'The library for web and native user interfaces.',
              language: 'JavaScript',
              topics: ['ui', 'frontend'],
              contributors: 1650,
              usedBy: 2_300_000,
              stars: null,
              saves: 12,
              beginnerIssues: 7,
              archived: true,
            }),
            makeProject({
              projectId: 2,
              name: 'tokio',
              usedBy: null,
              lastPushAt: new Date(Date.now() - 120 * 86_400_000).toISOString(),
            }),
          ],
          { total: 1500, totalPages: 75 },
        ),
      ),
    );
    renderApp('/');

    const react = await card('react');
    // The name leads to the project's page; its owner/name to GitHub.
    const link = within(react).getByRole('link', { name: 'react' });
    expect(link.getAttribute('href')).toBe('/projects/facebook/react');
    const github = within(react).getByRole('link', { name: 'facebook/react on GitHub (opens in a new tab)' });
    expect(github.getAttribute('href')).toBe('https://github.com/facebook/react');
    expect(github.getAttribute('target')).toBe('_blank');
    expect(github.getAttribute('rel')).toBe('noreferrer');
    expect(within(react).getByText('The library for web and native user interfaces.')).toBeTruthy();
    expect(within(react).getByText('JavaScript')).toBeTruthy();
    expect(within(react).getByText('Archived')).toBeTruthy();
    expect(within(react).getByRole('button', { name: 'frontend' })).toBeTruthy();
    expect(figure(react, 'Contributors').textContent).toBe('1.7k');
    expect(figure(react, 'Used by').textContent).toBe('2.3m');
    expect(figure(react, 'Saves').textContent).toBe('12');
    expect(figure(react, 'Beginner issues').textContent).toBe('7');
    const unknownStars = within(figure(react, 'Stars')).getByRole('img', { name: 'Not known yet' });
    expect(unknownStars.textContent).toBe('—');
    expect(unknownStars.getAttribute('title')).toBe('Not known yet');

    const tokio = await card('tokio');
    expect(within(tokio).queryByText('Archived')).toBeNull();
    // Nothing pushed for 120 days: the card says so, and why its issues are not in the finder. An archived project
    // is flagged as archived, not also as quiet.
    expect(within(tokio).getByText('No push to GitHub in 90 days: left out of Find an issue.')).toBeTruthy();
    expect(within(react).queryByText(/No push to GitHub/)).toBeNull();
    expect(within(figure(tokio, 'Used by')).getByTitle('Not known yet')).toBeTruthy();

    expect(screen.getByText('1,500 projects')).toBeTruthy();
    expect(screen.getByText('Page 1 of 75')).toBeTruthy();
    expect(screen.queryByText(/demo data/)).toBeNull();
  });

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
    ]);
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

  it('skips to the results with the link at the top of the page', async () => {
    mockApi(projectsHandler(() => listResponse([makeProject()])));
    const { user } = renderApp('/');
    await card('project-1');

    await user.click(screen.getByRole('link', { name: 'Skip to results' }));

    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Project results' }));
  });

  it('adds a topic to the filter from a card', async () => {
    const { calls } = mockApi(
      projectsHandler(() => listResponse([makeProject({ name: 'tokio', topics: ['async', 'rust'] })])),
    );
    const { user, currentUrl } = renderApp('/');
    const tokio = await card('tokio');

    await user.click(within(tokio).getByRole('button', { name: 'async' }));

    expect(currentUrl()).toBe('/?topics=async');
    expect(await lastRequest(calls)).toMatchObject({ filters: { topics: ['async'] } });
    await waitFor(() =>
      expect(within(tokio).getByRole('button', { name: 'async' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(within(screen.getByRole('list', { name: 'Selected topics' })).getByText('async')).toBeTruthy();
  });

  it('moves between pages with numbered links and Previous / Next', async () => {
    const { calls } = mockApi(
      projectsHandler((request) =>
        listResponse([makeProject({ projectId: request.page, name: `page-${request.page}-project` })], {
          totalPages: 20,
          total: 400,
          pageLocation: request.page,
        }),
      ),
    );
    const { user, currentUrl } = renderApp('/?topics=cli&page=6');
    await card('page-6-project');

    // The same pages above and below the list, named apart.
    const top = screen.getByRole('navigation', { name: 'Pagination, top' });
    const pagination = screen.getByRole('navigation', { name: 'Pagination, bottom' });
    expect(Array.from(top.querySelectorAll('li'), (item) => item.textContent)).toEqual(
      Array.from(pagination.querySelectorAll('li'), (item) => item.textContent),
    );
    const labels = Array.from(pagination.querySelectorAll('li'), (item) => item.textContent);
    expect(labels).toEqual(['Page 1', '…', 'Page 5', 'Page 6', 'Page 7', '…', 'Page 20']);
    expect(within(pagination).getByRole('link', { name: 'Page 6' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await user.click(within(pagination).getByRole('link', { name: 'Page 7' }));

    expect(currentUrl()).toBe('/?topics=cli&page=7');
    expect(await card('page-7-project')).toBeTruthy();
    expect(await lastRequest(calls)).toMatchObject({ page: 7, filters: { topics: ['cli'] } });
    expect(screen.getByText('Page 7 of 20')).toBeTruthy();

    await user.click(within(top).getByRole('link', { name: 'Previous' }));
    expect(currentUrl()).toBe('/?topics=cli&page=6');
    await user.click(within(pagination).getByRole('link', { name: 'Page 1' }));
    expect(currentUrl()).toBe('/?topics=cli');
    expect(await card('page-1-project')).toBeTruthy();
    expect(within(pagination).getByText('Previous').getAttribute('aria-disabled')).toBe('true');
  });

  it('corrects the address to the page the server served when asked past the end', async () => {
    mockApi(
      projectsHandler((request) =>
        listResponse([makeProject({ name: `page-${Math.min(request.page, 4)}-project` })], {
          totalPages: 4,
          total: 80,
          pageLocation: Math.min(request.page, 4),
        }),
      ),
    );
    const { currentUrl, router } = renderApp('/?languages=Go&page=9');

    await waitFor(() => expect(currentUrl()).toBe('/?languages=Go&page=4'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await card('page-4-project')).toBeTruthy();
    const pagination = screen.getByRole('navigation', { name: 'Pagination, bottom' });
    expect(within(pagination).getByRole('link', { name: 'Page 4' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('says when the figures are demo data', async () => {
    mockApi(
      projectsHandler(() => listResponse([makeProject({ isDemo: true }), makeProject({ projectId: 2 })])),
    );
    renderApp('/');

    expect(
      await screen.findByText(
        'These figures are demo data until the catalogue is imported or synced with GitHub.',
      ),
    ).toBeTruthy();
  });

  it('says when nothing matches, with a way to clear the filters', async () => {
    mockApi(
      projectsHandler((request) =>
        request.filters?.topics.length ? listResponse([]) : listResponse([makeProject({ name: 'anything' })]),
      ),
    );
    const { user, currentUrl } = renderApp('/?topics=cobol,quantum');

    expect(await screen.findByText('No projects match these filters.')).toBeTruthy();
    const results = screen.getByRole('region', { name: 'Project results' });
    await user.click(within(results).getByRole('button', { name: 'Clear filters' }));

    expect(currentUrl()).toBe('/');
    expect(await card('anything')).toBeTruthy();
  });

  it('shows the error with a Try again button that reloads the list', async () => {
    let attempts = 0;
    mockApi({
      'POST /api/projects': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 503,
              body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering.' } },
            }
          : { body: listResponse([makeProject({ name: 'back-again' })]) };
      },
    });
    const { user } = renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The projects could not be loaded.');
    expect(alert.textContent).toContain('The database is not answering.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await card('back-again')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a spinner while the list loads', () => {
    mockApi({ 'POST /api/projects': () => new Promise<never>(() => undefined) });
    renderApp('/');

    expect(screen.getByRole('status', { name: 'Loading projects' })).toBeTruthy();
  });

  it('takes the user to the list with Browse projects, and later visits skip the landing spacing', async () => {
    mockApi(projectsHandler(() => listResponse([makeProject()])));
    const { user } = renderApp('/');
    await card('project-1');

    await user.click(screen.getByRole('button', { name: 'Browse projects' }));

    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Projects' }));
    // Still on the page: the header keeps its size while the user is here.
    expect(screen.getByRole('button', { name: 'Browse projects' })).toBeTruthy();

    const mainNav = within(screen.getByRole('navigation', { name: 'Main' }));
    await user.click(mainNav.getByRole('link', { name: 'Looking for group' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeTruthy();
    await user.click(mainNav.getByRole('link', { name: 'Open source projects' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Open source projects' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Browse projects' })).toBeNull();
  });
});
