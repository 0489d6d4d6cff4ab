/**
 * The issue finder (`/issues` on the web, `POST /api/issues` on the API): open beginner issues across the whole
 * catalogue, each with whether someone is already on it (the taken signal) and how fast its maintainers answer;
 * and claims on OpenLFG ("I'm working on this"). Plain values live in constants.ts (page size, limits) and
 * issue-finder-options.ts (sort and filter options).
 */
import { Type, type Static, type TLiteral } from 'typebox';
import { MAX_FILTER_LANGUAGES, MAX_FILTER_TOPICS, TOPIC_PATTERN } from './constants.js';
import { HIDDEN_QUIET_CAP, ISSUE_UPDATED_WITHIN_DAYS } from './issue-finder-options.js';
import { IssueLabel } from './projects.js';
import { IssueClaimInfo, Responsiveness, TakenSignal } from './issue-signals.js';
import { Nullable, Text } from './schema-helpers.js';

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });

const DateTime = Type.String({ format: 'date-time' });

/**
 * `newest`: most recently opened first; `updated`: most recently updated first; `fewest_comments`: fewest
 * comments first (then newest); `best_for_you`: ranked by the languages and topics of the caller's own public
 * GitHub repositories, each row saying why. An anonymous caller asking `best_for_you` gets the default sort
 * (`newest`), and the answer's `sort` says so; a signed-in user with nothing to rank by (no public repositories)
 * gets the newest issues under `best_for_you`, each `why` null.
 */
export const IssueSort = Type.Union([
  Type.Literal('newest'),
  Type.Literal('updated'),
  Type.Literal('fewest_comments'),
  Type.Literal('best_for_you'),
]);
export type IssueSort = Static<typeof IssueSort>;

// The tuple type spelled out: a mapped array alone types the request's field as `undefined`.
export const IssueUpdatedWithin = Type.Union(
  ISSUE_UPDATED_WITHIN_DAYS.map((days) => Type.Literal(days)) as [TLiteral<7>, TLiteral<30>, TLiteral<90>],
);
export type IssueUpdatedWithin = (typeof ISSUE_UPDATED_WITHIN_DAYS)[number];

/** POST /api/issues: one page of the finder. Every filter is optional; together they all must match. */
export const IssueListRequest = Type.Object(
  {
    sort: Type.Optional(IssueSort),
    /** The issue's project has any one of these primary languages. */
    languages: Type.Optional(
      Type.Array(Text({ minLength: 1, maxLength: 50 }), { maxItems: MAX_FILTER_LANGUAGES }),
    ),
    /** The issue's project has every one of these topics. */
    topics: Type.Optional(
      Type.Array(Type.String({ pattern: TOPIC_PATTERN, maxLength: 50 }), { maxItems: MAX_FILTER_TOPICS }),
    ),
    /** The issue carries this label (ignoring case), e.g. `good first issue`. */
    label: Type.Optional(Text({ minLength: 1, maxLength: 50 })),
    /** Only issues nobody is on (taken state `free`). On when left out; send false to see every issue. */
    notTaken: Type.Optional(Type.Boolean()),
    /** Only issues of projects whose maintainers' median first answer is within a week. */
    answersWithinWeek: Type.Optional(Type.Boolean()),
    /** Only issues updated on GitHub within this many days. */
    updatedWithinDays: Type.Optional(IssueUpdatedWithin),
    /** Only this project's issues. */
    projectId: Type.Optional(Id),
    /**
     * Also the issues of quiet projects: those without a push in FINDER_STALE_PUSH_DAYS days, left out unless
     * this is true.
     */
    includeQuiet: Type.Optional(Type.Boolean()),
    /** The `nextCursor` of the previous page, with the same sort and filters; left out for the first page. */
    cursor: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type IssueListRequest = Static<typeof IssueListRequest>;

export const FinderIssueProject = Type.Object({
  projectId: Type.Integer(),
  /** `owner/name` on GitHub. */
  repoExt: Type.String(),
  name: Type.String(),
  language: Nullable(Type.String()),
  topics: Type.Array(Type.String()),
});
export type FinderIssueProject = Static<typeof FinderIssueProject>;

export const FinderIssue = Type.Object({
  /** OpenLFG's id for the issue: what claims name. */
  issueId: Type.Integer(),
  project: FinderIssueProject,
  number: Type.Integer(),
  title: Type.String(),
  url: Type.String(),
  labels: Type.Array(IssueLabel),
  createdAt: DateTime,
  updatedAt: DateTime,
  comments: Type.Integer({ minimum: 0 }),
  taken: TakenSignal,
  responsiveness: Responsiveness,
  /** The caller's own active claim when they hold one, else the earliest active claim; null when none. */
  claim: Nullable(IssueClaimInfo),
  /** Active claims on OpenLFG, by anyone. */
  claims: Type.Integer({ minimum: 0 }),
  /** With `best_for_you`: why this issue suits the caller ("you write TypeScript"); null otherwise. */
  why: Nullable(Type.String()),
  /** True for the demo catalogue's made-up issues. */
  isDemo: Type.Boolean(),
});
export type FinderIssue = Static<typeof FinderIssue>;

export const IssueListResponse = Type.Object({
  data: Type.Array(FinderIssue),
  /** Send it back as `cursor` for the next page; null on the last page. */
  nextCursor: Nullable(Type.String()),
  /** The sort applied: `newest` when an anonymous caller asked for `best_for_you`. */
  sort: IssueSort,
  /**
   * On a first page that holds every match (no next page), without `includeQuiet`: how many issues the filters
   * match that the freshness rule leaves out (their projects had no push in FINDER_STALE_PUSH_DAYS days), counted
   * up to HIDDEN_QUIET_CAP (shown as "1,000+"). Absent otherwise.
   */
  hiddenQuiet: Type.Optional(Type.Integer({ minimum: 0, maximum: HIDDEN_QUIET_CAP })),
});
export type IssueListResponse = Static<typeof IssueListResponse>;

/** POST /api/issues/claims: claim an issue; `renew: true` also renews a claim the caller already holds. */
export const ClaimIssueBody = Type.Object(
  {
    issueId: Id,
    /** Without it, claiming an issue the caller already claims is a 409; with it, that claim runs 14 more days from now. */
    renew: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ClaimIssueBody = Static<typeof ClaimIssueBody>;

/** DELETE /api/issues/claims: release the caller's claim. */
export const ReleaseClaimBody = Type.Object({ issueId: Id }, { additionalProperties: false });
export type ReleaseClaimBody = Static<typeof ReleaseClaimBody>;

export const ClaimResponse = Type.Object({
  /** The issue as the finder now shows it to the caller. */
  issue: FinderIssue,
  /** True when the caller already held the claim and it was renewed. */
  renewed: Type.Boolean(),
  /** The caller's active claims after this change (at most 3). */
  activeClaims: Type.Integer({ minimum: 0 }),
});
export type ClaimResponse = Static<typeof ClaimResponse>;

export const ReleaseClaimResponse = Type.Object({
  issueId: Type.Integer(),
  released: Type.Literal(true),
  activeClaims: Type.Integer({ minimum: 0 }),
});
export type ReleaseClaimResponse = Static<typeof ReleaseClaimResponse>;

/** GET /api/issues/claims: the caller's active claims, oldest claim first (renewing keeps a claim's place). */
export const MyClaimsResponse = Type.Object({
  data: Type.Array(FinderIssue),
  /** How many claims one user may hold at once. */
  limit: Type.Integer({ minimum: 1 }),
});
export type MyClaimsResponse = Static<typeof MyClaimsResponse>;
