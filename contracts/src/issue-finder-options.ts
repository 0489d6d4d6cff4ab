/**
 * The issue finder's filter options. Apart from constants.ts, whose values ship with the first visit: only the
 * finder (a lazily loaded page) and the server use these. Its sort options are in issue-sort-options.ts.
 */

/** The finder's "updated within" filter, in days. */
export const ISSUE_UPDATED_WITHIN_DAYS = [7, 30, 90] as const;

/**
 * The finder counts the issues its freshness rule hides up to this many: a count that stops early stays cheap.
 * Here, with the plain values, and not beside the finder's schemas: the web shows it, and a value taken from a
 * schema module brings TypeBox and every schema that module builds into the page.
 */
export const HIDDEN_QUIET_CAP = 1000;
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

/**
 * What tells one label from another for the finder: its name without case, and spaces and hyphens alike, so that
 * "good first issue", "good-first-issue" and "Good First Issue" are one label.
 */
export function labelKey(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, ' ');
}

/**
 * The spellings a label filter matches, beside the name given (lower case, as issues keep their label names):
 * its words joined by a space, by a hyphen, and by nothing. Issues are matched against these exactly, which
 * their label index answers.
 */
export function labelSpellings(name: string): string[] {
  const words = name
    .toLowerCase()
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  return [...new Set([name.toLowerCase(), words.join(' '), words.join('-'), words.join('')])];
}

/** The beginner labels as the finder offers them: one name per label, the first spelling above. */
export const FINDER_LABELS: readonly string[] = Object.freeze(
  BEGINNER_LABELS.filter(
    (label, index) => BEGINNER_LABELS.findIndex((other) => labelKey(other) === labelKey(label)) === index,
  ),
);
