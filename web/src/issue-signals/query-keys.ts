/**
 * Every cached answer about the finder's issues starts with ['issues']: the finder's pages and the user's claims.
 * A claim or a release updates them by these prefixes, whichever page holds the issue.
 */
export const ISSUES_QUERY_KEY = ['issues'] as const;
/** Every cached page of the finder, whatever its filters and sort. */
export const ISSUE_LISTS_QUERY_KEY = [...ISSUES_QUERY_KEY, 'list'] as const;
/**
 * Every cached answer of a project's issues dialog: the same signals, so a claim or a release made anywhere loads
 * them again rather than showing the old claim for the dialog's five minutes.
 */
export const PROJECT_ISSUES_QUERY_KEY = ['projects', 'issues'] as const;
