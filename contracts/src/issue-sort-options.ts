/**
 * The issue finder's sort options: plain values, checked against the finder's schema, which the import below
 * only names (types only, nothing loaded). Like issue-finder-options.ts, only the finder and the server use them.
 */
import type { IssueListRequest, IssueSort } from './issues.js';

/** The finder's sort select, in order; the first is the default. `best_for_you` needs a signed-in user. */
export const ISSUE_SORT_OPTIONS = [
  { label: 'Newest', sort: 'newest' },
  { label: 'Recently updated', sort: 'updated' },
  { label: 'Fewest comments', sort: 'fewest_comments' },
  { label: 'Best for you', sort: 'best_for_you' },
] as const satisfies readonly { label: string; sort: IssueSort }[];

/**
 * The finder's request for a project's own issues as its page first shows them: newest first, taken ones
 * too. The server asks it when it renders the page (the web's first page of that list starts from it).
 */
export function projectIssuesRequest(projectId: number): IssueListRequest {
  return { sort: ISSUE_SORT_OPTIONS[0].sort, notTaken: false, projectId };
}
