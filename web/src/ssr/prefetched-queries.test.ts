import { projectIssuesRequest, type PageQueries } from '@openlfg/contracts';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { getIssuesQueryOptions } from '../features/issues/api/get-issues';
import { projectIssuesQuery } from '../features/issues/project-issues-query';
import { projectPageQuery } from '../features/projects/api/get-project-page';
import { isApiError } from '../lib/api-client';
import { seedPrefetchedQueries } from './prefetched-queries';

afterEach(() => vi.unstubAllGlobals());

const answer = { project: { repoExt: 'Acme/Widgets' } };
const issues = { data: [], nextCursor: 'next', sort: 'newest' };

describe('the server’s answers in the query cache', () => {
  it('asks for a project’s issues as the server does', () => {
    // The server renders the page from the finder's answer to projectIssuesRequest; the page reads its list
    // under its own key: the two must be one request, or the browser's first render would differ.
    expect(projectIssuesQuery(7).queryKey).toEqual(getIssuesQueryOptions(projectIssuesRequest(7)).queryKey);
  });

  it('land where the page’s queries look for them', () => {
    const client = createQueryClient();
    const data: PageQueries = {
      queries: [
        { query: 'projectPage', args: ['Acme', 'Widgets'], status: 200, body: answer },
        { query: 'projectIssues', args: ['7'], status: 200, body: issues },
      ],
    };
    seedPrefetchedQueries(client, data);
    expect(client.getQueryData(projectPageQuery('acme', 'widgets').queryKey)).toEqual(answer);
    expect(client.getQueryData(projectIssuesQuery(7).queryKey)).toEqual({
      pages: [issues],
      pageParams: [null],
    });
  });

  it('are not asked for again as the page mounts, but are once they are stale or invalidated', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json(answer)));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    seedPrefetchedQueries(client, {
      queries: [{ query: 'projectPage', args: ['acme', 'widgets'], status: 200, body: answer }],
    });
    const options = projectPageQuery('acme', 'widgets');
    const observer = new QueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => {});
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();

    await client.invalidateQueries({ queryKey: options.queryKey });
    expect(fetch).toHaveBeenCalledTimes(1);
    // Fetched anew, the answer is the page's own again: stale at once, as every query here.
    expect(observer.getCurrentResult().isStale).toBe(true);
    unsubscribe();
  });

  it('keep an unknown project’s 404 as the query’s error, not asked again when the page mounts', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network in this test')));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    const body = { error: { code: 'NOT_FOUND', message: 'There is no project acme/nothing.' } };
    seedPrefetchedQueries(client, {
      queries: [{ query: 'projectPage', args: ['acme', 'nothing'], status: 404, body }],
    });
    const observer = new QueryObserver(client, projectPageQuery('acme', 'nothing'));
    const result = observer.getOptimisticResult(
      client.defaultQueryOptions(projectPageQuery('acme', 'nothing')),
    );
    expect(result.status).toBe('error');
    expect(isApiError(result.error) && result.error.status).toBe(404);
    const unsubscribe = observer.subscribe(() => {});
    await Promise.resolve();
    expect(observer.getCurrentResult().status).toBe('error');
    expect(fetch).not.toHaveBeenCalled();
    unsubscribe();
  });
});
