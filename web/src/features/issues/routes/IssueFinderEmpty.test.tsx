// What the finder says when its list is empty or its freshness rule leaves issues out: one message at a time.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { EMPTY_TITLE } from '../components/FinderResults';
import { finderRequests, makeFinderIssue, page } from '../test-fixtures';
import { finder, issuesList, lastRequest, setUpIssueFinderTests } from './issue-finder-test-support';

setUpIssueFinderTests();

const NONE = 'There are no open beginner issues in the catalogue right now.';
const HIDDEN = '222 issues are hidden because their projects had no push in 90 days.';

describe('the empty finder', () => {
  it('says how many issues the freshness rule hides, and nothing else, and shows them on request', async () => {
    const { calls } = finder(({ body }) =>
      (body as { includeQuiet?: boolean }).includeQuiet
        ? { body: page([makeFinderIssue({ title: 'A quiet project issue' })]) }
        : { body: { ...page([]), hiddenQuiet: 222 } },
    );
    const { user, currentUrl } = renderApp('/issues');

    expect(await screen.findByText(HIDDEN)).toBeTruthy();
    expect(screen.queryByText(EMPTY_TITLE)).toBeNull();
    expect(screen.queryByText(NONE)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show them' }));
    expect(currentUrl()).toBe('/issues?quiet=show');
    await waitFor(() => expect(finderRequests(calls).at(-1)?.includeQuiet).toBe(true));
    expect(await screen.findByRole('link', { name: /^A quiet project issue/ })).toBeTruthy();
    expect(screen.queryByText(HIDDEN)).toBeNull();
    // The switch is a filter like the others: shown checked, and cleared with them.
    expect(
      (screen.getByRole('checkbox', { name: 'Include quiet projects' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('says once that the filters leave nothing when nothing is hidden', async () => {
    finder(() => ({ body: { ...page([]), hiddenQuiet: 0 } }));
    renderApp('/issues?languages=Rust');

    expect(await screen.findAllByText(EMPTY_TITLE)).toHaveLength(1);
    expect(screen.queryByText(NONE)).toBeNull();
  });

  it('says the catalogue has none only when no filter is set and nothing is hidden', async () => {
    finder(() => ({ body: { ...page([]), hiddenQuiet: 0 } }));
    renderApp('/issues');

    expect(await screen.findByText(NONE)).toBeTruthy();
    expect(screen.queryByText(EMPTY_TITLE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show them' })).toBeNull();
  });

  it('reads the switch from the address and sends it', async () => {
    const { calls } = finder(() => ({ body: page([makeFinderIssue()]) }));
    renderApp('/issues?quiet=show');
    expect(await lastRequest(calls)).toEqual({ sort: 'newest', notTaken: true, includeQuiet: true });
  });

  it('says "1,000+" for a count that reached the cap', async () => {
    finder(() => ({ body: { ...page([]), hiddenQuiet: 1000 } }));
    renderApp('/issues');
    expect(
      await screen.findByText('1,000+ issues are hidden because their projects had no push in 90 days.'),
    ).toBeTruthy();
  });

  it('tells of the hidden issues beside a list that has some', async () => {
    finder(() => ({ body: { ...page([makeFinderIssue()]), hiddenQuiet: 1 } }));
    renderApp('/issues');

    await issuesList();
    expect(
      screen.getByText('1 more issue is hidden because its project had no push in 90 days.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show them' })).toBeTruthy();
  });
});
