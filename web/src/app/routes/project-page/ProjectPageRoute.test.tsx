import type { ProjectPageResponse } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { makeGroup, signedInAs, viewersHandler, makeViewer } from '../../../features/groups/test-fixtures';
import {
  filterOptionHandlers,
  finderRequests,
  makeFinderIssue,
  page as issuesPage,
} from '../../../features/issues/test-fixtures';
import { makeProject, makeProjectPage } from '../../../features/projects/test-fixtures';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { preloadBoardViews } from '../../../test/preload-views';

beforeAll(preloadBoardViews);

const PAGE_URL = '/api/projects/tokio-rs/tokio';

function makePage(overrides: Partial<ProjectPageResponse> = {}): ProjectPageResponse {
  return makeProjectPage({
    project: makeProject({
      projectId: 7,
      repoExt: 'tokio-rs/tokio',
      name: 'tokio',
      description: 'A runtime for writing reliable asynchronous applications.',
      language: 'Rust',
      topics: ['async', 'rust'],
      license: 'MIT',
    }),
    figures: { source: 'github', at: new Date(Date.now() - 3 * 3_600_000).toISOString() },
    people: { claimers: 1, contributors: 2, list: null },
    ...overrides,
  });
}

function setup(answer: MockHandler, extra: Record<string, MockHandler> = {}, signedIn = false) {
  const api = mockApi({
    ...filterOptionHandlers,
    ...(signedIn ? signedInAs() : {}),
    'POST /api/issues': () => ({ body: issuesPage([makeFinderIssue({ title: 'Document the builder' })]) }),
    ...viewersHandler(() => makeViewer('none', { join: true })),
    [`GET ${PAGE_URL}`]: answer,
    ...extra,
  });
  const app = renderApp('/projects/tokio-rs/tokio', {
    session: signedIn ? { isLoginLoading: false, isLoggedIn: true } : { isLoginLoading: false },
  });
  return { ...api, ...app };
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.restoreAllMocks());

describe('a project page', () => {
  it('shows the project: description, figures with their source, licence, links and Save', async () => {
    setup(() => ({ body: makePage() }));

    expect(await screen.findByRole('heading', { level: 1, name: 'tokio' })).toBeTruthy();
    expect(screen.getByText('A runtime for writing reliable asynchronous applications.')).toBeTruthy();
    expect(screen.getByText(/Figures from GitHub,/).textContent).toBe('Figures from GitHub, 3 hours ago.');
    expect(screen.getByText('Licence: MIT')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Repository on GitHub (opens in a new tab)' }).getAttribute('href'),
    ).toBe('https://github.com/tokio-rs/tokio');
    expect(screen.getByRole('link', { name: /^How to contribute/ }).getAttribute('href')).toBe(
      'https://github.com/tokio-rs/tokio/contribute',
    );
    expect(screen.getByRole('button', { name: 'Save tokio' })).toBeTruthy();
    expect(document.title).toBe('OpenLFG - tokio');
  });

  it('says when the figures await a sync, and when the project is quiet or archived', async () => {
    setup(() => ({
      body: makePage({
        project: makeProject({ repoExt: 'tokio-rs/tokio', name: 'tokio', lastSyncedAt: null, license: null }),
        figures: { source: 'awaiting-sync', at: null },
        quiet: true,
      }),
    }));
    expect(await screen.findByText('Figures arrive with the next sync.')).toBeTruthy();
    expect(screen.getByText('No push to GitHub in 90 days: left out of Find an issue.')).toBeTruthy();
    // No licence known: nothing said.
    expect(screen.queryByText(/Licence/)).toBeNull();
  });

  it("lists its beginner issues with the finder's own list, newest first, taken ones too, and links to the finder", async () => {
    const { calls, user } = setup(() => ({ body: makePage() }));

    const issues = await screen.findByRole('list', { name: 'Issues' });
    expect(within(issues).getByRole('link', { name: /^Document the builder/ })).toBeTruthy();
    expect(finderRequests(calls)[0]).toEqual({ sort: 'newest', notTaken: false, projectId: 7 });
    expect(screen.getByRole('link', { name: 'See these issues in Find an issue' }).getAttribute('href')).toBe(
      '/issues?taken=any&project=7',
    );

    // The finder's filters, with the project kept: only nobody's issues, then back.
    await user.click(screen.getByRole('checkbox', { name: 'Not taken' }));
    await waitFor(() =>
      expect(finderRequests(calls).at(-1)).toEqual({ sort: 'newest', notTaken: true, projectId: 7 }),
    );
    expect(screen.getByRole('link', { name: 'See these issues in Find an issue' }).getAttribute('href')).toBe(
      '/issues?project=7',
    );
    // Clear filters goes back to the page's own: the project's issues, taken ones too.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByRole('checkbox', { name: 'Not taken' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'See these issues in Find an issue' }).getAttribute('href')).toBe(
      '/issues?taken=any&project=7',
    );
  });

  it('shows anonymous visitors how many people are here, not who', async () => {
    setup(() => ({ body: makePage() }));
    await screen.findByRole('heading', { level: 1, name: 'tokio' });
    expect(
      within(section('People here')).getByText(
        '1 person working on its issues, 2 people who would like to contribute. Sign in to see who.',
      ),
    ).toBeTruthy();
  });

  it('names the people here to a signed-in user, and toggles "I\'d like to contribute here"', async () => {
    let contributing = false;
    const { calls, user } = setup(
      () => ({
        body: makePage({
          contributing,
          people: {
            claimers: 1,
            contributors: contributing ? 1 : 0,
            list: [
              {
                login: 'ada',
                avatarUrl: null,
                claims: [
                  {
                    issueId: 1,
                    number: 12,
                    title: 'Document the builder',
                    expiresAt: '2026-12-01T00:00:00.000Z',
                  },
                ],
                contributing: false,
                github: {
                  available: true,
                  login: 'ada',
                  publicRepos: 4,
                  topLanguages: [{ language: 'Rust', repos: 3 }],
                },
              },
            ],
          },
        }),
      }),
      {
        [`PUT ${PAGE_URL}/contributors/me`]: () => {
          contributing = true;
          return { body: { projectId: 7, contributing: true, contributors: 1 } };
        },
      },
      true,
    );

    const people = await screen.findByRole('list', { name: 'People here at tokio' });
    expect(within(people).getByText('Working on #12: Document the builder')).toBeTruthy();
    expect(within(people).getByText('GitHub: 4 public repositories · Rust')).toBeTruthy();

    const toggle = within(section('People here')).getByRole('button', {
      name: "I'd like to contribute here",
    });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual([
      `${PAGE_URL}/contributors/me`,
    ]);
  });

  it('asks an anonymous visitor to sign in before saying they would contribute', async () => {
    const { calls, user } = setup(() => ({ body: makePage() }));
    await screen.findByRole('heading', { level: 1, name: 'tokio' });
    await user.click(screen.getByRole('button', { name: "I'd like to contribute here" }));
    expect(await screen.findByRole('dialog', { name: /Sign in/ })).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the groups around it, and starts one filled with the project', async () => {
    const group = makeGroup({ groupProjectId: 3, title: 'Async learners', repoExt: 'tokio-rs/tokio' });
    setup(() => ({ body: makePage({ groups: [group], groupsTotal: 1 }) }));

    const groups = await screen.findByRole('list', { name: 'Groups around tokio' });
    expect(within(groups).getByRole('link', { name: 'Async learners' }).getAttribute('href')).toBe(
      '/group-projects/3',
    );
    const start = screen.getByRole('link', { name: 'Start a group for this project' });
    const href = new URL(start.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/group-projects');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      post: 'new',
      repo: 'tokio-rs/tokio',
      topics: 'async,rust',
      title: 'Contributing to tokio together',
    });
  });

  it('says when no group is around it and nobody is here yet', async () => {
    setup(() => ({ body: makePage({ people: { claimers: 0, contributors: 0, list: [] } }) }), {}, true);
    expect(await screen.findByText('No group works on tokio yet: start the first.')).toBeTruthy();
    expect(
      within(section('People here')).getByText(
        'Nobody yet. Claim one of its issues, or say you would like to contribute, and others see you here.',
      ),
    ).toBeTruthy();
  });

  it('is the not-found page for a project the catalogue does not have', async () => {
    setup(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'There is no project' } } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('says when the project could not be loaded, and loads it again on Retry', async () => {
    let fail = true;
    const { user } = setup(() =>
      fail
        ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try again' } } }
        : { body: makePage() },
    );
    expect(await screen.findByText('The project could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'tokio' })).toBeTruthy();
  });
});
