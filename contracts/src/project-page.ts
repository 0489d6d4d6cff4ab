/**
 * A project's page (`/projects/:owner/:name` on the web, `GET /api/projects/:owner/:name` on the API): the
 * project, whether the caller saved it, the groups around it and the people here (who claims its issues, who
 * said "I'd like to contribute here"). Its beginner issues come from the finder (`listIssues` with `projectId`).
 */
import { Type, type Static } from 'typebox';
import { GITHUB_LOGIN_PATTERN } from './string-patterns.js';
import { GroupSummary } from './groups.js';
import { RequesterSummary } from './join-requests.js';
import { Project } from './projects.js';
import { Nullable } from './schema-helpers.js';

/** How many groups the page lists (newest first); a project with more says how many in `groupsTotal`. */
export const PROJECT_PAGE_MAX_GROUPS = 50;
/** How many people the page lists (claimers first, then by when they arrived); `people` counts them all. */
export const PROJECT_PAGE_MAX_PEOPLE = 30;

/** A repository's `owner/name` in a path: GitHub's own rules for each part. */
export const ProjectPageParams = Type.Object({
  owner: Type.String({ pattern: GITHUB_LOGIN_PATTERN, minLength: 1, maxLength: 39 }),
  name: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', minLength: 1, maxLength: 100 }),
});
export type ProjectPageParams = Static<typeof ProjectPageParams>;

/**
 * Where the project's figures come from and how old they are: `github` (a catalogue sync read them, at
 * `at`), `demo` (the made-up demo catalogue), or `awaiting-sync` (no sync has reached the project yet: "figures
 * arrive with the next sync"; `at` is the end of the last sync run that brought figures, if any).
 */
export const FiguresSource = Type.Object({
  source: Type.Union([Type.Literal('github'), Type.Literal('demo'), Type.Literal('awaiting-sync')]),
  at: Nullable(Type.String({ format: 'date-time' })),
});
export type FiguresSource = Static<typeof FiguresSource>;

/** One of the project's open issues a person claims on OpenLFG. */
export const PersonClaim = Type.Object({
  issueId: Type.Integer(),
  number: Type.Integer(),
  title: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type PersonClaim = Static<typeof PersonClaim>;

/** Someone working on the project's issues, or who said they would like to contribute. */
export const ProjectPerson = Type.Object({
  login: Type.String(),
  avatarUrl: Nullable(Type.String()),
  /** Their active claims on this project's open issues. */
  claims: Type.Array(PersonClaim),
  /** They said "I'd like to contribute here". */
  contributing: Type.Boolean(),
  /** Their public GitHub profile in brief; `available: false` when GitHub did not answer in time. */
  github: RequesterSummary,
});
export type ProjectPerson = Static<typeof ProjectPerson>;

export const ProjectPeople = Type.Object({
  /** How many people hold an active claim on one of its open issues. */
  claimers: Type.Integer({ minimum: 0 }),
  /** How many people said "I'd like to contribute here". */
  contributors: Type.Integer({ minimum: 0 }),
  /**
   * Who they are (at most PROJECT_PAGE_MAX_PEOPLE): for signed-in callers only. Anonymous callers get null and
   * the counts above, so a page a search engine or a passer-by reads names nobody.
   */
  list: Nullable(Type.Array(ProjectPerson)),
});
export type ProjectPeople = Static<typeof ProjectPeople>;

export const ProjectPageResponse = Type.Object({
  project: Project,
  figures: FiguresSource,
  /** Not archived, but no push to GitHub in FINDER_STALE_PUSH_DAYS days: its issues are left out of the finder. */
  quiet: Type.Boolean(),
  /**
   * GitHub's contribute page for the repository (`/contribute`): its good first issues and, when the repository
   * has one, its contributing guide. The catalogue does not record whether a guide exists, so this is the link.
   */
  contributeUrl: Type.String(),
  /** Whether the caller saved the project; false for anonymous callers. */
  saved: Type.Boolean(),
  /** Whether the caller said "I'd like to contribute here"; false for anonymous callers. */
  contributing: Type.Boolean(),
  /** Groups whose repository is this project, as lists show them (never a hidden group); newest first. */
  groups: Type.Array(GroupSummary),
  groupsTotal: Type.Integer({ minimum: 0 }),
  people: ProjectPeople,
});
export type ProjectPageResponse = Static<typeof ProjectPageResponse>;

/** PUT/DELETE /api/projects/:owner/:name/contributors/me: the caller's "I'd like to contribute here". */
export const ContributingResponse = Type.Object({
  projectId: Type.Integer(),
  contributing: Type.Boolean(),
  /** How many people now say so. */
  contributors: Type.Integer({ minimum: 0 }),
});
export type ContributingResponse = Static<typeof ContributingResponse>;
