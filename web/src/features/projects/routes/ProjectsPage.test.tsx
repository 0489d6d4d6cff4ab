// The projects list: its cards, pages, demo notice, and loading, empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { listResponse, makeProject, projectsHandler } from '../test-fixtures';
import { card, figure, lastRequest } from './projects-page-test-support';

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
    expect(screen.getByText('Try fewer topics or languages, or clear the filters.')).toBeTruthy();
    const results = screen.getByRole('region', { name: 'Project results' });
    await user.click(within(results).getByRole('button', { name: 'Clear filters' }));

    expect(currentUrl()).toBe('/');
    expect(await card('anything')).toBeTruthy();
  });

  it('says no project is new, without talking of topics or languages, when only New is on', async () => {
    mockApi(
      projectsHandler((request) => (request.showNew ? listResponse([]) : listResponse([makeProject()]))),
    );
    renderApp('/?new=1');

    expect(await screen.findByText('No projects match these filters.')).toBeTruthy();
    expect(
      screen.getByText(
        'No project joined the catalogue in the last 30 days: turn off “New in the last 30 days” to see them all.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/topics or languages/)).toBeNull();
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
