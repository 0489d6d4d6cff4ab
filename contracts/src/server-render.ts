/**
 * What the server hands the web app's server rendering for a page, and again to the browser inside that page's
 * HTML: the answers it already has for the page's queries. Both sides put them into the query cache the same
 * way (web/src/ssr/prefetched-queries.ts) before the first render, so the browser's first render makes the
 * markup the server sent and React takes it over (hydration) without a mismatch.
 */

/**
 * The queries a server-rendered page can arrive with: a project's page (`projectPageQuery(owner, name)`) and
 * the first page of its issues (`projectIssuesQuery(projectId)`, the finder's `projectIssuesRequest`); a
 * person's profile as its viewer may see it (`getUserProfileQueryOptions(login)`).
 */
export type PrefetchableQuery = 'projectPage' | 'projectIssues' | 'userProfile';

export interface PrefetchedQuery {
  query: PrefetchableQuery;
  /** The factory's arguments (a project's owner and name; its id; a login). */
  args: string[];
  /** The HTTP status the API answers for the same request, and its body (an answer or `{ error }`). */
  status: number;
  body: unknown;
}

export interface ServerRenderData {
  queries: PrefetchedQuery[];
}

/** The element holding a server-rendered page's data: `<script type="application/json" id="…">`. */
export const SERVER_RENDER_DATA_ID = 'server-render-data';
