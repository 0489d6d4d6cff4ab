// Claiming an issue from the finder: claiming and releasing, renewing, the limit of claims, and My claims.
import type { ClaimIssueBody, ClaimResponse, FinderIssue } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type RecordedCall } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  finderRequests,
  makeFinderIssue,
  myClaims,
  page,
  signedInHandlers,
  signedInSession,
} from '../test-fixtures';
import { daysAgo, finder, row, setUpIssueFinderTests } from './issue-finder-test-support';

setUpIssueFinderTests();

describe('claiming an issue', () => {
  function claimHandlers(held: FinderIssue[] = []) {
    const mine = makeFinderIssue({
      title: 'Add a builder',
      claim: { login: 'mia', since: new Date().toISOString(), expiresAt: daysAgo(-14), mine: true },
      claims: 1,
      taken: { state: 'claimed_here', reason: 'claimed on OpenLFG by @mia just now', since: null, by: 'mia' },
    });
    return {
      ...signedInHandlers,
      'GET /api/issues/claims': () => ({ body: myClaims(held) }),
      'POST /api/issues/claims': (call: RecordedCall) => {
        const body: ClaimResponse = {
          issue: { ...mine, issueId: (call.body as ClaimIssueBody).issueId },
          renewed: false,
          activeClaims: held.length + 1,
        };
        return { status: 201, body };
      },
      'DELETE /api/issues/claims': (call: RecordedCall) => ({
        body: {
          issueId: (call.body as { issueId: number }).issueId,
          released: true,
          activeClaims: held.length,
        },
      }),
    };
  }

  it('claims with "I\'m working on this", then releases', async () => {
    const handlers = claimHandlers();
    const { calls } = finder(
      () => ({
        body: page([makeFinderIssue({ issueId: 5, title: 'Add a builder' })]),
      }),
      handlers,
    );
    const { user } = renderApp('/issues', { session: signedInSession });
    const issue = await row('Add a builder');
    const github = within(issue).getByRole('checkbox', { name: /Also say so on GitHub/ }) as HTMLInputElement;
    expect(github.checked).toBe(false);
    const open = vi.spyOn(window, 'open');

    await user.click(within(issue).getByRole('button', { name: /^I’m working on this\W+Add a builder$/ }));

    expect(await within(issue).findByText(/^You are working on this until \d+\/\d+\/\d{4}\.$/)).toBeTruthy();
    // The Release button that replaced the one pressed has the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(issue).getByRole('button', { name: /^Release\W+Add a builder$/ }),
      ),
    );
    expect(within(issue).getByText('claimed on OpenLFG by @mia just now')).toBeTruthy();
    const claims = calls.filter((call) => call.method === 'POST' && call.url === '/api/issues/claims');
    expect(claims.map((call) => call.body)).toEqual([{ issueId: 5 }]);
    // The checkbox was off: nothing opened GitHub.
    expect(open).not.toHaveBeenCalled();

    const before = finderRequests(calls).length;
    await user.click(within(issue).getByRole('button', { name: /^Release\W+Add a builder$/ }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
        { issueId: 5 },
      ]),
    );
    // The list loads again, since the server says what else holds the issue.
    await waitFor(() => expect(finderRequests(calls).length).toBeGreaterThan(before));
    expect(await screen.findByText(/You released “Add a builder”/)).toBeTruthy();
    // Free again, as the server now says, and the claim button is focused again.
    const claimAgain = await within(await row('Add a builder')).findByRole('button', {
      name: /^I’m working on this/,
    });
    await waitFor(() => expect(document.activeElement).toBe(claimAgain));
  });

  it('opens the GitHub issue in a new tab when "Also say so on GitHub" is ticked', async () => {
    finder(
      () => ({ body: page([makeFinderIssue({ issueId: 5, number: 42, title: 'Add a builder' })]) }),
      claimHandlers(),
    );
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderApp('/issues', { session: signedInSession });
    const issue = await row('Add a builder');

    await user.click(within(issue).getByRole('checkbox', { name: /Also say so on GitHub/ }));
    await user.click(within(issue).getByRole('button', { name: /^I’m working on this/ }));

    await within(issue).findByText(/^You are working on this until \d+\/\d+\/\d{4}\.$/);
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('https://github.com/tokio-rs/tokio/issues/42#new_comment_field');
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('renews my own claim for another 14 days', async () => {
    const held = makeFinderIssue({
      issueId: 8,
      title: 'Mine already',
      claim: { login: 'mia', since: daysAgo(10), expiresAt: daysAgo(-4), mine: true },
    });
    const { calls } = finder(() => ({ body: page([held]) }), claimHandlers([held]));
    const { user } = renderApp('/issues?taken=any', { session: signedInSession });
    const issue = await row('Mine already');

    await user.click(within(issue).getByRole('button', { name: /^Renew for 14 days\W+Mine already$/ }));

    expect(await screen.findByText('Renewed: others see you on it for 14 more days.')).toBeTruthy();
    const claims = calls.filter((call) => call.method === 'POST' && call.url === '/api/issues/claims');
    expect(claims.map((call) => call.body)).toEqual([{ issueId: 8, renew: true }]);
  });

  it('explains the limit instead of claiming a fourth issue', async () => {
    const held = [1, 2, 3].map((issueId) => makeFinderIssue({ issueId, title: `Held ${issueId}` }));
    const { calls } = finder(
      () => ({ body: page([makeFinderIssue({ issueId: 9, title: 'One more' })]) }),
      claimHandlers(held),
    );
    const { user } = renderApp('/issues', { session: signedInSession });
    const issue = await row('One more');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/issues/claims')).toBe(true));

    await user.click(within(issue).getByRole('button', { name: /^I’m working on this/ }));

    const alert = await within(issue).findByRole('alert');
    expect(alert.textContent).toContain(
      'You are already working on 3 issues, the most you can claim at once.',
    );
    expect(within(alert).getByRole('link', { name: 'My claims' }).getAttribute('href')).toBe(
      '/issues?view=claims',
    );
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/issues/claims')).toBe(false);
  });

  it("shows the server's limit refusal the same way, and closes the GitHub tab it opened", async () => {
    finder(() => ({ body: page([makeFinderIssue({ issueId: 9, title: 'One more' })]) }), {
      ...claimHandlers(),
      'POST /api/issues/claims': () => ({
        status: 409,
        body: { error: { code: 'CLAIM_LIMIT', message: 'You already have 3 active claims.' } },
      }),
    });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderApp('/issues', { session: signedInSession });
    const issue = await row('One more');

    await user.click(within(issue).getByRole('checkbox', { name: /Also say so on GitHub/ }));
    await user.click(within(issue).getByRole('button', { name: /^I’m working on this/ }));

    expect((await within(issue).findByRole('alert')).textContent).toContain('the most you can claim at once');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('asks an anonymous user to sign in instead of claiming', async () => {
    const { calls } = finder(() => ({ body: page([makeFinderIssue({ title: 'Add a builder' })]) }));
    const { user } = renderApp('/issues?languages=Rust');
    const issue = await row('Add a builder');

    await user.click(within(issue).getByRole('button', { name: /^I’m working on this/ }));

    expect(await screen.findByRole('dialog', { name: 'Sign in to continue' })).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/issues/claims'))).toBe(false);
  });

  it('lists my claims under My claims, with the limit', async () => {
    const held = [
      makeFinderIssue({
        issueId: 3,
        title: 'Mine',
        claim: { login: 'mia', since: daysAgo(2), expiresAt: daysAgo(-12), mine: true },
      }),
    ];
    finder(() => ({ body: page([]) }), claimHandlers(held));
    renderApp('/issues?view=claims', { session: signedInSession });

    const list = await screen.findByRole('list', { name: 'My claims' });
    expect(within(list).getByRole('button', { name: /^Release\W+Mine$/ })).toBeTruthy();
    expect(screen.getByText(/You are working on 1 of at most 3 issues/)).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Issue finder views' }))
        .getByRole('link', { name: 'My claims' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('focuses what My claims says after releasing one there, as its row leaves', async () => {
    let held = [4, 5].map((issueId) =>
      makeFinderIssue({
        issueId,
        title: `Mine ${issueId}`,
        claim: { login: 'mia', since: daysAgo(2), expiresAt: daysAgo(-12), mine: true },
      }),
    );
    finder(() => ({ body: page([]) }), {
      ...claimHandlers(),
      'GET /api/issues/claims': () => ({ body: myClaims(held) }),
      'DELETE /api/issues/claims': (call: RecordedCall) => {
        const { issueId } = call.body as { issueId: number };
        held = held.filter((issue) => issue.issueId !== issueId);
        return { body: { issueId, released: true, activeClaims: held.length } };
      },
    });
    const { user } = renderApp('/issues?view=claims', { session: signedInSession });
    const list = await screen.findByRole('list', { name: 'My claims' });

    await user.click(within(list).getByRole('button', { name: /^Release\W+Mine 4$/ }));

    const summary = await screen.findByText(/You are working on 1 of at most 3 issues/);
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });

  it('asks an anonymous user to sign in to see their claims', async () => {
    finder(() => ({ body: page([]) }));
    renderApp('/issues?view=claims');

    expect(await screen.findByText('Sign in to see the issues you said you are working on.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Login with Github/ }).length).toBeGreaterThan(1);
  });
});
