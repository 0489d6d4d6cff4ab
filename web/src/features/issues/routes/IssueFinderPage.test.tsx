// The issue finder: its filters, order, rows and their states.
import type { FinderIssue } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { BEST_FOR_YOU_UNRANKED, EMPTY_TITLE } from '../components/FinderResults';
import {
  finderRequests,
  makeFinderIssue,
  myClaims,
  page,
  signedInHandlers,
  signedInSession,
} from '../test-fixtures';
import {
  daysAgo,
  finder,
  lastRequest,
  issuesList,
  row,
  setUpIssueFinderTests,
} from './issue-finder-test-support';

setUpIssueFinderTests();

describe('the issue finder', () => {
  it('asks for issues nobody is on, newest first, by default', async () => {
    const { calls } = finder(() => ({ body: page([makeFinderIssue()]) }));
    renderApp('/issues');

    expect(await lastRequest(calls)).toEqual({ sort: 'newest', notTaken: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Find an issue' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Not taken' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers each beginner label once however it is spelled, and shows a spelling from the address as it', async () => {
    const { calls } = finder(() => ({ body: page([makeFinderIssue()]) }));
    renderApp('/issues?label=good-first-issue');

    expect((await lastRequest(calls))?.label).toBe('good-first-issue');
    const select = screen.getByLabelText('Label') as HTMLSelectElement;
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names.filter((name) => /good.first.issue/i.test(name ?? ''))).toEqual(['good first issue']);
    expect(select.value).toBe('good first issue');
  });

  it('reads its filters and sort from the address and writes changes back to it', async () => {
    const { calls } = finder(() => ({ body: page([makeFinderIssue()]) }));
    const { user, currentUrl } = renderApp(
      '/issues?sort=updated&languages=Rust&topics=async&label=help%20wanted&taken=any&updated=30&project=7',
    );

    expect(await lastRequest(calls)).toEqual({
      sort: 'updated',
      notTaken: false,
      languages: ['Rust'],
      topics: ['async'],
      label: 'help wanted',
      updatedWithinDays: 30,
      projectId: 7,
    });
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('updated');
    expect((screen.getByLabelText('Label') as HTMLSelectElement).value).toBe('help wanted');
    expect((screen.getByLabelText('Updated') as HTMLSelectElement).value).toBe('30');
    expect((screen.getByRole('checkbox', { name: 'Not taken' }) as HTMLInputElement).checked).toBe(false);
    // The project filter names the project once a row has told its name.
    expect(await screen.findByText(/Project: tokio/)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Maintainers answer within a week' }));
    expect(currentUrl()).toContain('answers=week');
    await waitFor(() => expect(finderRequests(calls).at(-1)?.answersWithinWeek).toBe(true));

    await user.selectOptions(screen.getByLabelText('Updated'), '7');
    expect(currentUrl()).toContain('updated=7');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(currentUrl()).toBe('/issues?sort=updated');
    await waitFor(() => expect(finderRequests(calls).at(-1)).toEqual({ sort: 'updated', notTaken: true }));
  });

  it('keeps the filters through Back', async () => {
    finder(() => ({ body: page([makeFinderIssue()]) }));
    const { user, currentUrl, router } = renderApp('/issues');
    await issuesList();

    await user.click(screen.getByRole('checkbox', { name: 'Not taken' }));
    expect(currentUrl()).toBe('/issues?taken=any');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'fewest_comments');
    expect(currentUrl()).toBe('/issues?sort=fewest_comments&taken=any');

    await router.back();
    await waitFor(() => expect(currentUrl()).toBe('/issues?taken=any'));
    await waitFor(() => expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('newest'));
    expect((screen.getByRole('checkbox', { name: 'Not taken' }) as HTMLInputElement).checked).toBe(false);
  });

  it("shows each issue's project, labels, age, activity, comments, taken reason and maintainers' pace", async () => {
    const issues: FinderIssue[] = [
      makeFinderIssue({
        issueId: 1,
        title: 'Document the runtime builder',
        createdAt: daysAgo(3),
        updatedAt: daysAgo(1),
        comments: 2,
        labels: [{ name: 'good first issue', color: '7057ff' }],
      }),
      makeFinderIssue({
        issueId: 2,
        title: 'Fix the timer wheel',
        taken: {
          state: 'assigned',
          reason: 'assigned to @grace 40 days ago, no pull request',
          since: daysAgo(40),
          by: 'grace',
        },
      }),
      makeFinderIssue({
        issueId: 3,
        title: 'Faster channels',
        taken: {
          state: 'pull_request',
          reason: 'pull request opened yesterday',
          since: daysAgo(1),
          by: 'ada',
        },
        responsiveness: { medianHours: null, text: 'no maintainer reply on recent issues' },
      }),
      makeFinderIssue({
        issueId: 4,
        title: 'Rewrite the scheduler',
        taken: {
          state: 'claimed_here',
          reason: 'claimed on OpenLFG by @lin 3 days ago',
          since: daysAgo(3),
          by: 'lin',
        },
      }),
    ];
    finder(() => ({ body: page(issues) }));
    renderApp('/issues?taken=any');

    const first = await row('Document the runtime builder');
    const link = within(first).getByRole('link', { name: /^Document the runtime builder/ });
    expect(link.getAttribute('href')).toBe('https://github.com/tokio-rs/tokio/issues/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain('(opens on GitHub in a new tab)');
    expect(
      within(first)
        .getByRole('link', { name: /^tokio-rs\/tokio\W+show only its issues$/ })
        .getAttribute('href'),
    ).toBe('/issues?taken=any&project=7');
    // The project's name leads to its page.
    expect(
      within(first)
        .getByRole('link', { name: /^tokio-rs\/tokio\W+its page$/ })
        .getAttribute('href'),
    ).toBe('/projects/tokio-rs/tokio');
    expect(within(first).getByText('good first issue')).toBeTruthy();
    expect(within(first).getByText(/opened 3 days ago/)).toBeTruthy();
    expect(within(first).getByText(/updated 1 day ago/)).toBeTruthy();
    expect(within(first).getByText('2 comments')).toBeTruthy();
    expect(within(first).getByText('Not taken')).toBeTruthy();
    expect(within(first).getByText('nobody is on it')).toBeTruthy();
    expect(within(first).getByText('Maintainers usually answer within 2 days')).toBeTruthy();

    const assigned = await row('Fix the timer wheel');
    expect(within(assigned).getByText('Taken')).toBeTruthy();
    expect(within(assigned).getByText('assigned to @grace 40 days ago, no pull request')).toBeTruthy();
    const pull = await row('Faster channels');
    expect(within(pull).getByText('pull request opened yesterday')).toBeTruthy();
    expect(within(pull).getByText('No maintainer reply on recent issues')).toBeTruthy();
    const claimed = await row('Rewrite the scheduler');
    expect(within(claimed).getByText('claimed on OpenLFG by @lin 3 days ago')).toBeTruthy();
  });

  it('loads the next page with the cursor and adds it below', async () => {
    const { calls } = finder((call) => {
      const cursor = (call.body as { cursor?: string }).cursor;
      return {
        body: cursor
          ? page([makeFinderIssue({ issueId: 2, title: 'Second page issue' })])
          : page([makeFinderIssue({ issueId: 1, title: 'First page issue' })], 'next-1'),
      };
    });
    const { user } = renderApp('/issues');
    await row('First page issue');

    await user.click(screen.getByRole('button', { name: 'Load more issues' }));

    const second = await row('Second page issue');
    // Focus moves to the first new issue.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(second).getByRole('link', { name: /^Second page issue/ })),
    );
    expect(finderRequests(calls).at(-1)).toEqual({ sort: 'newest', notTaken: true, cursor: 'next-1' });
    expect(within(await issuesList()).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more issues' })).toBeNull();
    expect(screen.getByText('That is every issue that matches.')).toBeTruthy();
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    finder(() => ({ body: page([]) }));
    const { user, currentUrl } = renderApp('/issues?languages=Rust');

    expect(await screen.findByText(EMPTY_TITLE)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    expect(currentUrl()).toBe('/issues');
  });

  it('says when the issues could not be loaded, and tries again', async () => {
    let fail = true;
    finder(() =>
      fail
        ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'The database is not answering.' } } }
        : { body: page([makeFinderIssue({ title: 'Back again' })]) },
    );
    const { user } = renderApp('/issues');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The issues could not be loaded.')).toBeTruthy();
    expect(within(alert).getByText('The database is not answering.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await row('Back again');
  });

  it('offers "Best for you" only when signed in, and says why each issue suits the user', async () => {
    finder(() => ({ body: page([makeFinderIssue()]) }));
    const anonymous = renderApp('/issues');
    await issuesList();
    const sorts = () =>
      within(screen.getByLabelText('Sort by'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(sorts()).toEqual(['Newest', 'Recently updated', 'Fewest comments']);
    anonymous.unmount();

    finder(
      () => ({ body: { ...page([makeFinderIssue({ why: 'you write Rust' })]), sort: 'best_for_you' } }),
      { ...signedInHandlers, 'GET /api/issues/claims': () => ({ body: myClaims([]) }) },
    );
    renderApp('/issues?sort=best_for_you', { session: signedInSession });
    expect(await screen.findByText('Why: you write Rust')).toBeTruthy();
    expect(sorts()).toEqual(['Newest', 'Recently updated', 'Fewest comments', 'Best for you']);
    expect(screen.queryByText(BEST_FOR_YOU_UNRANKED)).toBeNull();
  });

  it("says why the newest come first when nothing of the user's repositories matched", async () => {
    finder(() => ({ body: { ...page([makeFinderIssue({ why: null })]), sort: 'best_for_you' } }), {
      ...signedInHandlers,
      'GET /api/issues/claims': () => ({ body: myClaims([]) }),
    });
    renderApp('/issues?sort=best_for_you', { session: signedInSession });
    await issuesList();
    expect(screen.getByText(BEST_FOR_YOU_UNRANKED)).toBeTruthy();
  });
});
