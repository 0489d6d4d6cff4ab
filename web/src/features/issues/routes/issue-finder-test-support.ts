// The issue finder tests' shared setup: the finder's mocked API, its last request, a row by title, the hooks.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { mockApi, type MockHandler, type RecordedCall } from '../../../test/api-mock';
import { stubRealtimeSockets } from '../../../realtime/fake-socket-hooks';
import { filterOptionHandlers, finderRequests } from '../test-fixtures';

export const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

export function finder(respond: MockHandler, extra: Record<string, MockHandler> = {}) {
  return mockApi({ ...filterOptionHandlers, 'POST /api/issues': respond, ...extra });
}

export async function lastRequest(calls: readonly RecordedCall[]) {
  await waitFor(() => expect(finderRequests(calls).length).toBeGreaterThan(0));
  return finderRequests(calls).at(-1);
}

export function issuesList() {
  return screen.findByRole('list', { name: 'Issues' });
}

export async function row(title: string) {
  const link = await screen.findByRole('link', { name: new RegExp(`^${title}`) });
  const article = link.closest('article');
  if (!article) throw new Error(`no row for ${title}`);
  return article;
}

/**
 * The hooks every issue finder test file runs: spies put back after each test, and a FakeSocket for the realtime
 * socket the finder follows issues on.
 */
export function setUpIssueFinderTests() {
  stubRealtimeSockets();
  afterEach(() => vi.restoreAllMocks());
}
