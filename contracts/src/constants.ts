/**
 * Plain values shared by the server and the web app. Kept apart from the schemas (which build TypeBox objects
 * when loaded) so the web bundle takes these without TypeBox. Everything here ships with the web's first visit
 * (Discover uses some of it): values only lazily loaded pages use live beside it (group-constants.ts,
 * board-constants.ts, string-patterns.ts, issue-finder-options.ts).
 */

/** Projects per page of the list. */
export const PROJECT_PAGE_SIZE = 20;
/** "New" projects: added to the catalogue within this many days. */
export const NEW_PROJECT_DAYS = 30;
export const MAX_FILTER_TOPICS = 10;
export const MAX_FILTER_LANGUAGES = 10;
/** The most topics one topic search answers (`GET /api/projects/topic-search`); 20 unless asked. */
export const MAX_TOPIC_SEARCH_RESULTS = 50;
export const DEFAULT_TOPIC_SEARCH_RESULTS = 20;

/** A topic as stored: lowercase letters, digits and hyphens, like GitHub's own topics. */
export const TOPIC_PATTERN = '^[a-z0-9][a-z0-9-]{0,49}$';

/** The longest search (`q` of the list bodies) the lists take, in characters. */
export const SEARCH_MAX_LENGTH = 100;
/**
 * The sort offered, and chosen, while a list is searched: most relevant first. It needs a search (`q`); the list
 * bodies refuse it without one. Not in the lists' sort options, which are offered without a search.
 */
export const BEST_MATCH_SORT = { label: 'Best match', sortField: 'relevance', order: 'DESC' } as const;

/** Rows per page of the moderation lists (/api/admin/...). */
export const ADMIN_PAGE_SIZE = 50;
/** The longest reason a moderator may give (reject, hide, delete). */
export const MODERATION_REASON_MAX = 1000;

/** Issues per page of the finder (`POST /api/issues`). */
export const ISSUE_PAGE_SIZE = 20;
/** Claims on OpenLFG one user may hold at once. */
export const MAX_ACTIVE_CLAIMS = 3;
/** A claim on OpenLFG lasts this many days unless renewed (claiming again with `renew`). */
export const CLAIM_DAYS = 14;
/** A "I'd like to work on this" comment counts as taken for this many days. */
export const CLAIM_COMMENT_DAYS = 14;
/** "Maintainers answer within a week": a median first answer within this many hours. */
export const ANSWERS_WITHIN_WEEK_HOURS = 168;
/** Projects with no push in this many days (and archived ones) are left out of the finder. */
export const FINDER_STALE_PUSH_DAYS = 90;
/** Open beginner issues the sync keeps per repository. */
export const ISSUES_PER_REPOSITORY = 25;
