import type { ProjectIssuesResponse } from '@openlfg/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  filterOptionHandlers,
  makeFinderIssue,
  myClaims,
  page,
  signedInHandlers,
  signedInSession,
} from '../../issues/test-fixtures';
import { listResponse, makeIssue, makeProject, projectsHandler } from '../test-fixtures';

const project = makeProject({ name: 'tokio', repoExt: 'tokio-rs/tokio' });
const HOUR = 3_600_000;

function issuesAnswer(overrides: Partial<ProjectIssuesResponse> = {}): ProjectIssuesResponse {
  return {
    repoExt: 'tokio-rs/tokio',
    issues: [
      makeIssue({
        number: 11,
        title: 'Document the runtime builder',
        url: 'https://github.com/tokio-rs/tokio/issues/11',
        beginnerFriendly: true,
        comments: 3,
        author: 'ada',
        createdAt: new Date(Date.now() - 3 * HOUR).toISOString(),
        labels: [
          { name: 'good first issue', color: '7057ff' },
          { name: 'docs', color: null },
        ],
      }),
      makeIssue({ number: 12, title: 'Fix the timer wheel', assignee: 'grace', beginnerFriendly: true }),
      makeIssue({ number: 13, title: 'Faster channels', hasLinkedPullRequest: true }),
      makeIssue({ number: 14, title: 'Rewrite the scheduler' }),
    ],
    fetchedAt: new Date().toISOString(),
    stale: false,
    ...overrides,
  };
}

async function openIssues(
  issuesHandler: MockHandler,
  { signedIn = {} }: { signedIn?: Record<string, MockHandler> } = {},
) {
  const { calls } = mockApi({
    ...projectsHandler(() => listResponse([project])),
    'GET /api/projects/issues': issuesHandler,
    ...signedIn,
  });
  const app = renderApp('/', Object.keys(signedIn).length > 0 ? { session: signedInSession } : {});
  const card = await screen.findByRole('article', { name: /^tokio/ });
  const button = within(card).getByRole('button', { name: /^Issues of tokio/ });
  await app.user.click(button);
  const dialog = screen.getByRole('dialog', { name: 'tokio' });
  return { ...app, calls, dialog, button };
}

/** An issue title's link, as a screen reader names it. */
function onGitHub(title: string) {
  return `${title} (opens on GitHub in a new tab)`;
}

function issueTitles(dialog: HTMLElement) {
  const list = within(dialog).queryByRole('list', { name: 'Open issues' });
  return list
    ? within(list)
        .getAllByRole('link')
        .map((link) => link.firstChild?.textContent)
    : [];
}

describe('the issues dialog', () => {
  it("lists the project's open issues with what a contributor needs to pick one", async () => {
    const { dialog, calls } = await openIssues(() => ({ body: issuesAnswer() }));

    const link = await within(dialog).findByRole('link', { name: onGitHub('Document the runtime builder') });
    expect(calls.find((call) => call.url.startsWith('/api/projects/issues'))?.url).toBe(
      '/api/projects/issues?repoExt=tokio-rs%2Ftokio',
    );
    expect(link.getAttribute('href')).toBe('https://github.com/tokio-rs/tokio/issues/11');
    expect(link.getAttribute('target')).toBe('_blank');
    const issue = link.closest('li');
    if (!issue) throw new Error('no issue item');
    expect(within(issue).getByText('#11')).toBeTruthy();
    expect(within(issue).getByText('opened 3 hours ago by ada')).toBeTruthy();
    expect(within(issue).getByText('3 comments')).toBeTruthy();
    expect(within(issue).getByText('Beginner friendly')).toBeTruthy();
    const label = within(issue).getByText('good first issue');
    // In the label's own colour, with the text colour that reads on it.
    expect(label.style.background).toMatch(/^(#7057ff|rgb\(112, 87, 255\))$/);
    expect(label.style.color).toMatch(/^(#ffffff|rgb\(255, 255, 255\))$/);
    expect(within(dialog).getByText('Assigned')).toBeTruthy();
    expect(within(dialog).getByText('PR linked')).toBeTruthy();
    expect(within(dialog).getByText('4 open issues, 2 beginner-friendly')).toBeTruthy();
  });

  it('filters to beginner-friendly issues and hides taken ones', async () => {
    const { dialog, user } = await openIssues(() => ({ body: issuesAnswer() }));
    await within(dialog).findByRole('link', { name: onGitHub('Document the runtime builder') });

    await user.click(within(dialog).getByRole('checkbox', { name: 'Beginner-friendly only' }));
    expect(issueTitles(dialog)).toEqual(['Document the runtime builder', 'Fix the timer wheel']);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Hide taken issues' }));
    expect(issueTitles(dialog)).toEqual(['Document the runtime builder']);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Beginner-friendly only' }));
    expect(issueTitles(dialog)).toEqual(['Document the runtime builder', 'Rewrite the scheduler']);
  });

  it('says when no issue passes the toggles', async () => {
    const answer = issuesAnswer({ issues: [makeIssue({ title: 'Taken', assignee: 'grace' })] });
    const { dialog, user } = await openIssues(() => ({ body: answer }));
    await within(dialog).findByRole('link', { name: onGitHub('Taken') });

    await user.click(within(dialog).getByRole('checkbox', { name: 'Hide taken issues' }));

    expect(within(dialog).getByText('No issues match these filters.')).toBeTruthy();
    expect(issueTitles(dialog)).toEqual([]);
  });

  it('says when there are no open issues', async () => {
    const { dialog } = await openIssues(() => ({ body: issuesAnswer({ issues: [] }) }));

    expect(await within(dialog).findByText('No open issues right now.')).toBeTruthy();
  });

  it('says when GitHub could not be reached and the issues are older', async () => {
    const fetchedAt = new Date(Date.now() - 2 * HOUR).toISOString();
    const { dialog } = await openIssues(() => ({ body: issuesAnswer({ stale: true, fetchedAt }) }));

    expect(
      await within(dialog).findByText('GitHub could not be reached; showing issues as of 2 hours ago.'),
    ).toBeTruthy();
  });

  it('says when the project is not in the catalogue', async () => {
    const { dialog } = await openIssues(() => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'No project tokio-rs/tokio.' } },
    }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This project is not in the catalogue.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("shows the server's message when GitHub is down, with Try again", async () => {
    let attempts = 0;
    const { dialog, user } = await openIssues(() => {
      attempts += 1;
      return attempts === 1
        ? {
            status: 502,
            body: { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'GitHub is not answering right now.' } },
          }
        : { body: issuesAnswer() };
    });

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('GitHub is not answering right now.');
    // GitHub's own page of the project's issues is the other way on.
    expect(within(alert).getByRole('link', { name: 'All issues on GitHub' }).getAttribute('href')).toBe(
      'https://github.com/tokio-rs/tokio/issues',
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await within(dialog).findByRole('link', { name: onGitHub('Rewrite the scheduler') })).toBeTruthy();
  });

  it("shows the finder's taken signals, the maintainers' pace and the claim button where the answer has them", async () => {
    const answer = issuesAnswer({
      responsiveness: { medianHours: 20, text: 'maintainers usually answer within a day' },
      issues: [
        makeIssue({
          number: 21,
          title: 'Claimed by someone',
          issueId: 301,
          taken: {
            state: 'claimed_here',
            reason: 'claimed on OpenLFG by @lin 3 days ago',
            since: null,
            by: 'lin',
          },
          claim: {
            login: 'lin',
            since: new Date().toISOString(),
            expiresAt: new Date().toISOString(),
            mine: false,
          },
        }),
        makeIssue({
          number: 22,
          title: 'Nobody on it',
          issueId: 302,
          taken: { state: 'free', reason: 'nobody is on it', since: null, by: null },
          claim: null,
        }),
        makeIssue({ number: 23, title: 'Not a beginner issue', assignee: 'grace' }),
      ],
    });
    const { dialog, user } = await openIssues(() => ({ body: answer }));

    const claimed = (
      await within(dialog).findByRole('link', { name: onGitHub('Claimed by someone') })
    ).closest('li');
    if (!claimed) throw new Error('no issue item');
    expect(within(claimed).getByText('claimed on OpenLFG by @lin 3 days ago')).toBeTruthy();
    expect(within(claimed).getByRole('button', { name: /^I’m working on this/ })).toBeTruthy();
    expect(within(dialog).getByText('Maintainers usually answer within a day')).toBeTruthy();
    // An issue the finder does not know has no claim button.
    const other = within(dialog)
      .getByRole('link', { name: onGitHub('Not a beginner issue') })
      .closest('li');
    if (!other) throw new Error('no issue item');
    expect(within(other).queryByRole('button', { name: /^I’m working on this/ })).toBeNull();
    expect(within(other).getByText('Assigned')).toBeTruthy();

    // A claim on OpenLFG counts as taken.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hide taken issues' }));
    expect(issueTitles(dialog)).toEqual(['Nobody on it']);
  });

  it('shows a claim made in the finder when the dialog opens again, without waiting for its five minutes', async () => {
    const free = makeIssue({
      number: 22,
      title: 'Nobody on it',
      issueId: 302,
      taken: { state: 'free', reason: 'nobody is on it', since: null, by: null },
      claim: null,
    });
    const claimed = {
      ...free,
      taken: {
        state: 'claimed_here' as const,
        reason: 'claimed on OpenLFG by @mia just now',
        since: null,
        by: 'mia',
      },
      claim: {
        login: 'mia',
        since: new Date().toISOString(),
        expiresAt: new Date().toISOString(),
        mine: true,
      },
    };
    let claimedYet = false;
    const finderRow = makeFinderIssue({ issueId: 302, title: 'Nobody on it' });
    const { dialog, user, router } = await openIssues(
      () => ({ body: issuesAnswer({ issues: [claimedYet ? claimed : free] }) }),
      {
        signedIn: {
          ...signedInHandlers,
          ...filterOptionHandlers,
          'POST /api/issues': () => ({ body: page([finderRow]) }),
          'GET /api/issues/claims': () => ({ body: myClaims([]) }),
          'POST /api/issues/claims': () => {
            claimedYet = true;
            return {
              status: 201,
              body: { issue: { ...finderRow, claim: claimed.claim }, renewed: false, activeClaims: 1 },
            };
          },
        },
      },
    );
    expect(await within(dialog).findByText('nobody is on it')).toBeTruthy();
    await user.keyboard('{Escape}');

    await router.navigate('/issues');
    await user.click(await screen.findByRole('button', { name: /^I’m working on this\W+Nobody on it$/ }));
    await screen.findByText(/^You are working on this until/);
    await router.navigate('/');
    const card = await screen.findByRole('article', { name: /^tokio/ });
    await user.click(within(card).getByRole('button', { name: /^Issues of tokio/ }));

    const again = screen.getByRole('dialog', { name: 'tokio' });
    expect(await within(again).findByText('claimed on OpenLFG by @mia just now')).toBeTruthy();
  });

  it('asks an anonymous user to sign in to claim from the dialog', async () => {
    const answer = issuesAnswer({
      issues: [
        makeIssue({
          number: 22,
          title: 'Nobody on it',
          issueId: 302,
          taken: { state: 'free', reason: 'nobody is on it', since: null, by: null },
          claim: null,
        }),
      ],
    });
    const { dialog, user, calls } = await openIssues(() => ({ body: answer }));

    await user.click(await within(dialog).findByRole('button', { name: /^I’m working on this/ }));

    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/issues/claims'))).toBe(false);
  });

  it('closes on Escape and gives focus back to the Issues button', async () => {
    const { user, button } = await openIssues(() => ({ body: issuesAnswer() }));

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
