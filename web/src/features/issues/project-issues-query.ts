import { getIssuesQueryOptions } from './api/get-issues';
import { CLEARED_FILTERS, DEFAULT_SORT, toIssueListRequest, type FinderQuery } from './finder-query';

/*
 * Apart from the components that show them: the browser's takeover of a server-rendered page seeds this query
 * (ssr/prefetched-queries.ts) on every such page, and importing it from ProjectIssues brought the finder's
 * code and stylesheets into Discover and the group pages.
 */

/**
 * A project's own issues as its page first shows them: the finder's list narrowed to the project, newest first,
 * taken ones too (their taken signal is the point of showing them).
 */
export function projectIssuesDefaults(projectId: number): FinderQuery {
  return { view: 'find', sort: DEFAULT_SORT, ...CLEARED_FILTERS, notTaken: false, projectId };
}

/** The first page's query, for whoever loads the page's data ahead (the server's rendering). */
export function projectIssuesQuery(projectId: number) {
  return getIssuesQueryOptions(toIssueListRequest(projectIssuesDefaults(projectId)));
}
