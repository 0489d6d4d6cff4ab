import { ProjectListRequest } from '@openlfg/contracts';
import { listPageRendering } from '../platform/http/list-page-render.js';
import { SITE_NAME } from '../platform/http/page-head.js';
import type { ServerRenderedPage } from '../platform/http/server-render.js';

/** Discover, the catalogue's list, as the web app's router names it: `/`. */
const PROJECT_LIST_PAGE = /^\/$/;

/**
 * The HTML of Discover (`/`, with the sort, filters, search and page in its address), with the first page of
 * the catalogue in it, so the projects show at the first paint and read without JavaScript: the request the
 * page's own parser reads from the address (`projectListRequest`), answered by the projects service as the API
 * answers it.
 */
export function projectListPageRendering(options: {
  list: (request: ProjectListRequest) => Promise<string>;
  /** The head's description and link preview: the site's own. */
  description: string;
  headTags: () => string;
}): ServerRenderedPage {
  return listPageRendering({
    ...options,
    path: PROJECT_LIST_PAGE,
    query: 'projectList',
    schema: ProjectListRequest,
    requestOf: (renderer, search) => renderer.projectListRequest(search),
    title: `${SITE_NAME} - Open source projects`,
  });
}
