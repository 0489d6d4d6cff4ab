/**
 * Plain values shared by the server and the web app. Kept apart from the schemas (which build TypeBox objects
 * when loaded) so the web bundle takes these without TypeBox.
 */

/** Projects per page of the list. */
export const PROJECT_PAGE_SIZE = 20;
/** "New" projects: added to the catalogue within this many days. */
export const NEW_PROJECT_DAYS = 30;
export const MAX_FILTER_TOPICS = 10;
export const MAX_FILTER_LANGUAGES = 10;
/** The most topics one topic search answers (`GET /api/projects/topics/search`); 20 unless asked. */
export const MAX_TOPIC_SEARCH_RESULTS = 50;
export const DEFAULT_TOPIC_SEARCH_RESULTS = 20;

/** A topic as stored: lowercase letters, digits and hyphens, like GitHub's own topics. */
export const TOPIC_PATTERN = '^[a-z0-9][a-z0-9-]{0,49}$';

/**
 * Text people type (titles, descriptions, reasons, messages, filters): anything but control characters, tab and
 * newline excepted. PostgreSQL refuses U+0000 in text, and no other control character belongs in what a person
 * writes or a page shows.
 */
export const TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F]*$';

/** `owner/name` as GitHub allows them. */
export const REPO_EXT_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}/[A-Za-z0-9._-]{1,100}$';

/** The longest search (`q` of the list bodies) the lists take, in characters. */
export const SEARCH_MAX_LENGTH = 100;
/**
 * The sort offered, and chosen, while a list is searched: most relevant first. It needs a search (`q`); the list
 * bodies refuse it without one. Not in the lists' sort options, which are offered without a search.
 */
export const BEST_MATCH_SORT = { label: 'Best match', sortField: 'relevance', order: 'DESC' } as const;

/** GitHub's rules for a login: 1 to 39 letters, digits or single hyphens, not starting or ending with one. */
export const GITHUB_LOGIN_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$';

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

/** The chat room of a group's discussion board. */
export const discussionRoom = (groupProjectId: number) => `discussion-board-${groupProjectId}`;
/** The realtime room of a project's room (its public board). */
export const projectRoom = (projectId: number) => `project-room-${projectId}`;

/** The longest message the discussion board takes, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Messages per page of a board's history. */
export const MESSAGE_PAGE_SIZE = 50;
/** A client-chosen message id (for idempotent sends): letters, digits, `-` and `_`, as a UUID is. */
export const CLIENT_MESSAGE_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
/** The largest realtime frame a client may send, in bytes. Larger frames close the socket (1009). */
export const REALTIME_MAX_FRAME_BYTES = 4096;
/** The server sends `{ type: 'heartbeat' }` this often; a client that hears nothing for twice as long reconnects. */
export const REALTIME_HEARTBEAT_MS = 25_000;
/** Rooms one socket may follow at once. */
export const REALTIME_MAX_ROOMS = 100;
/**
 * Sockets one session may hold open on one node. A browser opens one per tab, so a user with twenty tabs of the
 * site still gets a socket in each; past that it is a client opening sockets in a loop.
 */
export const REALTIME_MAX_SOCKETS_PER_SESSION = 20;
/**
 * Sockets one address may hold open on one node, signed in or not (anonymous visitors have no session to count
 * by). Higher than per session because several people behind one NAT or office proxy share an address; the
 * server's REALTIME_SOCKETS_PER_ADDRESS setting changes it.
 */
export const REALTIME_MAX_SOCKETS_PER_ADDRESS = 60;

/**
 * Close codes the server uses besides the standard ones: 4401 the session ended (logout or expiry; the client
 * signs the user out), 4408 the connection missed its heartbeats, 4429 the session or address already holds as
 * many sockets as a node takes (the socket is refused before `ready`, so the client backs off as after any other
 * failed attempt). 1008 is a policy violation (foreign Origin, flood), 1007 a frame that is not UTF-8, 1009 a
 * frame over the size limit, 1001 the node is shutting down (reconnect).
 */
export const REALTIME_CLOSE_SESSION_ENDED = 4401;
export const REALTIME_CLOSE_HEARTBEAT_MISSED = 4408;
export const REALTIME_CLOSE_TOO_MANY_CONNECTIONS = 4429;

/** Rows per page of the moderation lists (/api/admin/...). */
export const ADMIN_PAGE_SIZE = 50;
/** The longest reason a moderator may give (reject, hide, delete). */
export const MODERATION_REASON_MAX = 1000;

/** The discussion boards' WebSocket, on the site's own origin (it is not a JSON endpoint: see messages.ts). */
export const REALTIME_PATH = '/api/realtime';

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
