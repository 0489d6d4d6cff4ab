/**
 * The issue finder's filter options. Apart from constants.ts, whose values ship with the first visit: only the
 * finder (a lazily loaded page) and the server use these. Its sort options are in issue-sort-options.ts.
 */

/** The finder's "updated within" filter, in days. */
export const ISSUE_UPDATED_WITHIN_DAYS = [7, 30, 90] as const;
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
