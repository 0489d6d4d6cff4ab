/**
 * The groups' plain values: their options (skill levels, visibility, statuses, sorts) and the limits of what
 * people write in them. Apart from constants.ts, whose values ship with the web's first visit: only the group
 * pages and forms (lazily loaded) and the server use these.
 */

/** Group projects per page of the list. */
export const GROUP_PAGE_SIZE = 20;
export const SKILL_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Any level'] as const;
export const VISIBILITIES = ['public', 'private'] as const;
/**
 * A group's status as lists show it: `full` is an open group at capacity (it reopens when a spot frees);
 * `closed` (no new members) and `archived` (no new members, a read-only board) are set by its owner.
 */
export const GROUP_STATUSES = ['open', 'full', 'closed', 'archived'] as const;
/** What the list shows when no status is chosen: closed and archived groups stay out of it. */
export const DEFAULT_LIST_STATUSES = ['open', 'full'] as const;
/** The longest reason an owner may give for removing a member. */
export const REMOVAL_REASON_MAX = 500;
/** A member with no post on the board (or, without one, no join) for this many days is flagged to the owner. */
export const INACTIVE_MEMBER_DAYS = 30;
/** Topics a group project carries: at least one, at most five. */
export const MIN_GROUP_TOPICS = 1;
export const MAX_GROUP_TOPICS = 5;
export const GROUP_TITLE_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 5000;
/** The plain-text excerpt of a description that cards show. */
export const GROUP_EXCERPT_MAX = 200;
export const REPORT_REASON_MAX = 1000;
/** The owner's optional question to people asking to join a group, and the most a request's answer may say. */
export const JOIN_QUESTION_MAX = 200;
export const JOIN_MESSAGE_MAX = 500;
/** The owner's optional note when approving or declining a request to join. */
export const DECISION_NOTE_MAX = 500;
/** An invite link works for this many days (or until its uses run out, or its owner revokes it). */
export const INVITE_TTL_DAYS = 7;
/** The most uses an owner may give one invite link. */
export const INVITE_MAX_USES_LIMIT = 1000;
/** Groups one `POST /api/group-projects/viewer` asks about: the cards of the longest list shown at once. */
export const GROUP_VIEWERS_MAX = 100;
/** The largest group a creator may ask for (no limit when unset). */
export const GROUP_MAX_MEMBERS_LIMIT = 1000;

/** The sort select of the group list, in the spec's order and words. The first is the default. */
export const GROUP_SORT_OPTIONS = [
  { label: 'Newest', sortField: 'date_posted', order: 'DESC' },
  { label: 'Oldest', sortField: 'date_posted', order: 'ASC' },
  { label: 'Most Saved', sortField: 'saves', order: 'DESC' },
] as const;

/** The "date posted" filter: null is all time. */
export const DATE_POSTED_OPTIONS = [
  { label: 'All time', days: null },
  { label: 'Today', days: 1 },
  { label: 'Last week', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 60 days', days: 60 },
] as const;
