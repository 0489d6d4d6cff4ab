/**
 * What the finder and a project's issues dialog say about one issue beside GitHub's own fields: whether someone
 * is on it, how fast its maintainers answer, and its claims on OpenLFG. Apart from issues.ts so that projects.ts
 * can use them without a cycle.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './schema-helpers.js';

const DateTime = Type.String({ format: 'date-time' });

/**
 * Whether someone is already on an issue, strongest signal first: an open pull request linked to it
 * (`pull_request`), an assignee (`assigned`), a claim on OpenLFG (`claimed_here`), a comment by someone other
 * than a maintainer in the last 14 days saying they will work on it (`claim_comment`); else `free`.
 */
export const TakenState = Type.Union([
  Type.Literal('free'),
  Type.Literal('assigned'),
  Type.Literal('pull_request'),
  Type.Literal('claim_comment'),
  Type.Literal('claimed_here'),
]);
export type TakenState = Static<typeof TakenState>;

export const TakenSignal = Type.Object({
  state: TakenState,
  /** A sentence a user can judge by, e.g. "assigned to @ada 40 days ago, no pull request", "pull request #12 opened yesterday", "nobody is on it". */
  reason: Type.String(),
  /** When the signal began (assignment, pull request, comment or claim); null when free. */
  since: Nullable(DateTime),
  /** Who is on it (a GitHub login), when known. */
  by: Nullable(Type.String()),
});
export type TakenSignal = Static<typeof TakenSignal>;

/** How fast a project's maintainers (owner, member or collaborator) first answer its recent issues. */
export const Responsiveness = Type.Object({
  /** The median hours from an issue's creation to a maintainer's first comment over its 30 most recent issues; null when none had one. */
  medianHours: Nullable(Type.Number({ minimum: 0 })),
  /** "maintainers usually answer within 2 days", or "no maintainer reply on recent issues". */
  text: Type.String(),
});
export type Responsiveness = Static<typeof Responsiveness>;

/** A claim on OpenLFG: "claimed on OpenLFG by @login 3 days ago". */
export const IssueClaimInfo = Type.Object({
  login: Type.String(),
  since: DateTime,
  /** The claim ends then unless its owner renews it (claims last 14 days). */
  expiresAt: DateTime,
  /** True when the caller holds this claim. */
  mine: Type.Boolean(),
});
export type IssueClaimInfo = Static<typeof IssueClaimInfo>;
