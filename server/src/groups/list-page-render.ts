import { GroupListRequest } from '@openlfg/contracts';
import { listPageRendering } from '../platform/http/list-page-render.js';
import { SITE_NAME } from '../platform/http/page-head.js';
import type { ServerRenderedPage } from '../platform/http/server-render.js';

/** The list of groups, as the web app's router names it: `/group-projects` (a trailing slash too). */
const GROUP_LIST_PAGE = /^\/group-projects\/?$/;

/**
 * The HTML of the Looking for group page (`/group-projects`, with the filters, search and page in its address),
 * with the first page of the list in it, so the groups show at the first paint and read without JavaScript:
 * the request the page's own parser reads from the address (`groupListRequest`), answered by the groups
 * service as the API answers it. The app's first render is the anonymous view, so the sort "for you" waits for
 * the session in the browser.
 */
export function groupListPageRendering(options: {
  list: (request: GroupListRequest) => Promise<string>;
  /** The head's description and link preview: the site's own. */
  description: string;
  headTags: () => string;
}): ServerRenderedPage {
  return listPageRendering({
    ...options,
    path: GROUP_LIST_PAGE,
    query: 'groupList',
    schema: GroupListRequest,
    requestOf: (renderer, search) => renderer.groupListRequest(search),
    title: `${SITE_NAME} - Looking for group`,
  });
}
