/**
 * The issue finder's filter and sort options. Apart from constants.ts, whose values ship with the first visit:
 * only the finder (a lazily loaded page) and the server use these.
 */
import type { IssueSort } from './issues.js';

/** The finder's "updated within" filter, in days. */
export const ISSUE_UPDATED_WITHIN_DAYS = [7, 30, 90] as const;
/** The finder's sort select, in order; the first is the default. `best_for_you` needs a signed-in user. */
export const ISSUE_SORT_OPTIONS = [
  { label: 'Newest', sort: 'newest' },
  { label: 'Recently updated', sort: 'updated' },
  { label: 'Fewest comments', sort: 'fewest_comments' },
  { label: 'Best for you', sort: 'best_for_you' },
] as const satisfies readonly { label: string; sort: IssueSort }[];

/**
 * The issue labels treated as beginner friendly: the nine of the goodfirstissue catalogue
 * (DeepSourceCorp/good-first-issue, labels.json). The sync collects issues by them; the finder offers them as its
 * label filter.
 */
export const BEGINNER_LABELS: readonly string[] = Object.freeze([
  'good first issue',
  'good-first-issue',
  'beginner',
  'beginner-friendly',
  'easy',
  'first-timers-only',
  'starter',
  'help wanted',
  'low-hanging-fruit',
]);
