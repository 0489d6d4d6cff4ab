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
  /** The catalogue's languages, with how many projects have each (the language filter's). */
  languages: () => Promise<unknown>;
  /** The head's description and link preview: the site's own. */
  description: string;
  headTags: () => string;
}): ServerRenderedPage {
  const { languages, ...rest } = options;
  return listPageRendering({
    ...rest,
    // The language filter says under it how many projects have a known language: in the page from the start,
    // so the filters do not grow by that line as the page is taken over.
    beside: [{ query: 'projectLanguages', answer: languages }],
    path: PROJECT_LIST_PAGE,
    query: 'projectList',
    schema: ProjectListRequest,
    requestOf: (renderer, search) => renderer.projectListRequest(search),
    title: `${SITE_NAME} - Open source projects`,
  });
}
