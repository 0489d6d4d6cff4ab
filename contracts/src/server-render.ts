/**
 * What the server hands the web app's server rendering for a page, and again to the browser inside that page's
 * HTML: the answers it already has for the page's queries, and the clock it rendered against. Both sides put
 * the answers into the query cache the same way (web/src/ssr/prefetched-queries.ts) and write dates against
 * the same clock in their first render, so the browser's first render makes the markup the server sent and
 * React takes it over (hydration) without a mismatch.
 */

/**
 * The queries a server-rendered page can arrive with: a project's page (`projectPageQuery(owner, name)`) and
 * the first page of its issues (`projectIssuesQuery(projectId)`, the finder's `projectIssuesRequest`); a
 * person's profile as its viewer may see it (`getUserProfileQueryOptions(login)`); a group's details as its
 * viewer may see them (`getDiscussionInfoQueryOptions(id)`) and, when they are refused, its public card
 * (`getGroupQueryOptions(id)`); a page of the group list (`getGroupProjectsQueryOptions(request)`) or of
 * Discover's (`getProjectsQueryOptions(request)`), its one argument the request as JSON.
 */
export type PrefetchableQuery =
  | 'projectPage'
  | 'projectIssues'
  | 'userProfile'
  | 'discussionInfo'
  | 'groupCard'
  | 'groupList'
  | 'projectList'
  | 'projectLanguages';

export interface PrefetchedQuery {
  query: PrefetchableQuery;
  /** The factory's arguments (a project's owner and name; its id; a login; a group's id; a list's request). */
  args: string[];
  /** The HTTP status the API answers for the same request, and its body (an answer or `{ error }`). */
  status: number;
  body: unknown;
}

/** The answers a server-rendered page starts from, as the feature that owns the page works them out. */
export interface PageQueries {
  queries: PrefetchedQuery[];
}

/**
 * The clock a page was rendered against: the moment (ISO 8601) and the server's time zone (an IANA name such
 * as 'UTC' or 'Europe/Paris'). Dates written relative to now ("3 days ago", then '11/21/2026') depend on both:
 * the browser's hydrating render writes them against this clock, as the server did, so the markup matches
 * whatever the visitor's own clock and zone, and moves to the visitor's right after (web/src/lib/render-clock.ts).
 */
export interface RenderClock {
  now: string;
  timeZone: string;
}

export interface ServerRenderData extends PageQueries {
  clock: RenderClock;
}

/** The element holding a server-rendered page's data: `<script type="application/json" id="…">`. */
export const SERVER_RENDER_DATA_ID = 'server-render-data';
