import {
  ErrorCode,
  ProjectPageParams,
  type IssueListResponse,
  type ProjectPageResponse,
  type PageQueries,
} from '@openlfg/contracts';
import Value from 'typebox/value';
import { errorBody, HttpError } from '../platform/http/errors.js';
import { escapeHtml } from '../platform/http/escape-html.js';
import { jsonForScript, openGraphTags, SITE_NAME } from '../platform/http/page-head.js';
import type { RenderedPageContent, ServerRenderedPage } from '../platform/http/server-render.js';
import type { ProjectPageService } from './page-service.js';

/** A project's page, as the web app's router names it: `/projects/facebook/react` (a trailing slash too). */
const PROJECT_PAGE = /^\/projects\/([^/]+)\/([^/]+)\/?$/;

const NOT_FOUND_DESCRIPTION = 'There is no such project on OpenLFG.';

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** "A JavaScript library for building user interfaces. Topics: react, ui." (a project with no description: its name). */
export function projectDescription({ project }: ProjectPageResponse): string {
  const about = project.description?.trim() || `${project.repoExt}, an open source project on GitHub.`;
  const topics = project.topics.length > 0 ? ` Topics: ${project.topics.join(', ')}.` : '';
  return `${about}${topics}`;
}

/** The page's structured data for search engines: schema.org's SoftwareSourceCode. */
export function projectJsonLd(page: ProjectPageResponse, url: string): Record<string, unknown> {
  const { project } = page;
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareSourceCode',
    name: project.repoExt,
    url,
    codeRepository: project.projectUrl,
    ...(project.description ? { description: project.description } : {}),
    ...(project.language ? { programmingLanguage: project.language } : {}),
    ...(project.topics.length > 0 ? { keywords: project.topics.join(', ') } : {}),
    ...(project.license ? { license: project.license } : {}),
  };
}

/**
 * The HTML of a project's page (`/projects/:owner/:name`): the app renders it on the server from the answer
 * the API gives an anonymous visitor (the projects service's own), with its head: title, description, the
 * canonical address, the link preview and the structured data. An unknown project is a 404 with the app's
 * not-found page, which search engines are told to leave out.
 */
export function projectPageRendering(options: {
  service: ProjectPageService;
  /** The first page of the project's issues as the finder answers it (`projectIssuesRequest`), anonymous. */
  firstIssues: (projectId: number) => Promise<IssueListResponse>;
  publicUrl: string;
}): ServerRenderedPage {
  return {
    path: PROJECT_PAGE,
    async load([, ownerSegment = '', nameSegment = '']): Promise<RenderedPageContent> {
      const params = { owner: decoded(ownerSegment), name: decoded(nameSegment) };
      const args = [params.owner ?? '', params.name ?? ''];
      const notFound = (message: string): RenderedPageContent => ({
        status: 404,
        data: {
          queries: [
            { query: 'projectPage', args, status: 404, body: errorBody(ErrorCode.notFound, message) },
          ],
        },
        title: `${SITE_NAME} - Page not found`,
        description: NOT_FOUND_DESCRIPTION,
        headTags: '',
        noindex: true,
      });
      if (!Value.Check(ProjectPageParams, params)) return notFound(NOT_FOUND_DESCRIPTION);
      let page: ProjectPageResponse;
      try {
        page = await options.service.page(null, params);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return notFound(error.message);
        throw error;
      }
      const issues = await options.firstIssues(page.project.projectId);
      const data: PageQueries = {
        queries: [
          { query: 'projectPage', args, status: 200, body: page },
          { query: 'projectIssues', args: [String(page.project.projectId)], status: 200, body: issues },
        ],
      };
      // The catalogue's spelling of the name is the one address search engines keep.
      const url = `${options.publicUrl}/projects/${page.project.repoExt}`;
      const head = {
        title: `${SITE_NAME} - ${page.project.repoExt}`,
        description: projectDescription(page),
        url,
      };
      return {
        status: 200,
        data,
        ...head,
        headTags: [
          `<link rel="canonical" href="${escapeHtml(url)}" />`,
          openGraphTags(head),
          `<script type="application/ld+json">${jsonForScript(projectJsonLd(page, url))}</script>`,
        ].join('\n    '),
      };
    },
  };
}
