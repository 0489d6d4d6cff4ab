/**
 * The issue finder's sort options: plain values, checked against the finder's schema, which the import below
 * only names (types only, nothing loaded). Like issue-finder-options.ts, only the finder and the server use them.
 */
import type { IssueSort } from './issues.js';

/** The finder's sort select, in order; the first is the default. `best_for_you` needs a signed-in user. */
export const ISSUE_SORT_OPTIONS = [
  { label: 'Newest', sort: 'newest' },
  { label: 'Recently updated', sort: 'updated' },
  { label: 'Fewest comments', sort: 'fewest_comments' },
  { label: 'Best for you', sort: 'best_for_you' },
] as const satisfies readonly { label: string; sort: IssueSort }[];
