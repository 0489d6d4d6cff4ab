import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  SERVER_RENDER_DATA_ID,
  type PageQueries,
  type RenderClock,
  type ServerRenderData,
} from '@openlfg/contracts';
import type { FastifyRequest } from 'fastify';
import { errorBody, HttpError } from './errors.js';
import { escapeHtml } from './escape-html.js';
import { jsonForScript } from './page-head.js';

/** The web app's server rendering (web/src/ssr/entry-server.tsx, built into web/dist-ssr beside web/dist). */
export interface ServerRenderer {
  /** Loads what rendering needs up front (the Markdown renderer's jsdom window); called once, before serving. */
  prepare(): Promise<void>;
  render(url: string, data: ServerRenderData, timeoutMs: number): Promise<string>;
  /**
   * The group list's request (the API's `listGroups` body) that the Looking for group page at this address's
   * query asks for as it first renders: the page's own parser of its address, so the server answers what the
   * page will look for.
   */
  groupListRequest(search: string): unknown;
  /** The same for Discover's list of projects (the API's `listProjects` body). */
  projectListRequest(search: string): unknown;
}

/** How long rendering a page may take before the page goes out as the app's plain shell instead. */
export const RENDER_TIMEOUT_MS = 2000;

/** What a server-rendered page is made of, worked out by the feature that owns the page. */
export interface RenderedPageContent {
  status: number;
  /** The answers the page's queries start from (the same the API gives for them). */
  data: PageQueries;
  title: string;
  description: string;
  /** More tags for the head (canonical link, link preview, structured data), every value escaped. */
  headTags: string;
  /** Tells search engines to leave the page out (a not-found page). */
  noindex?: boolean;
  /**
   * The page is as its viewer may see it (a person's profile): no shared cache keeps it, and it differs by the
   * session cookie.
   */
  perViewer?: boolean;
}

/**
 * A page the server renders: the paths it answers (matched on the path without its query) and its content,
 * worked out for the request (whose session a page as its viewer may see it asks for), with the web app's
 * rendering at hand for what only the app can read from the address (a list's filters).
 */
export interface ServerRenderedPage {
  path: RegExp;
  load: (
    match: RegExpExecArray,
    request: FastifyRequest,
    renderer: ServerRenderer,
  ) => Promise<RenderedPageContent>;
}

/**
 * What the API answers for a call (its status and body, an error's as its error handler writes it), and the
 * answer itself when there is one.
 */
export async function answerOf<T>(
  work: () => Promise<T>,
): Promise<{ answer: { status: number; body: unknown }; value: T | null }> {
  try {
    const value = await work();
    return { answer: { status: 200, body: value }, value };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      return {
        answer: { status: error.statusCode, body: errorBody(error.code, error.message) },
        value: null,
      };
    }
    throw error;
  }
}
/** The query of a page's address (`?sort=newest&page=2`), or '' when it has none. */
export function searchOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

/** Loads the built server rendering, prepared to render; null (with a warning) when the build has none. */
export async function loadServerRenderer(
  webDistDir: string,
  warn: (message: string) => void,
): Promise<ServerRenderer | null> {
  const file = path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) {
    warn(`${file} not found: pages are rendered by the browser alone (run \`npm run build\`)`);
    return null;
  }
  const renderer = (await import(pathToFileURL(file).href)) as ServerRenderer;
  await renderer.prepare();
  return renderer;
}

/**
 * The clock a page is rendered against, which goes out with it (ServerRenderData): this moment and this
 * process's time zone, the ones the server's rendering would otherwise read for itself.
 */
export function renderClock(now: Date = new Date()): RenderClock {
  return { now: now.toISOString(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';
/**
 * Marks a page the app has yet to take over: web/public/early.js holds a press on its buttons meanwhile, and
 * web/src/ssr/hydrate.ts removes the mark.
 */
const HTML = '<html';
const HYDRATING_ATTRIBUTE = 'data-hydrating';
/** The shell's word to visitors without JavaScript, which a rendered page does not need. */
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/;

/**
 * index.html with a rendered page in it: the page's title and description in place of the site's, its head
 * tags, the markup inside the root, and the data it was rendered from beside it, which the browser's first
 * render starts from (web/src/main.tsx), and the mark of a page not yet taken over. A data block, not a script the browser runs: the CSP allows no
 * inline scripts, and JSON escaped for a script element cannot end it.
 */
export function pageWithContent(
  template: string,
  content: RenderedPageContent & { data: ServerRenderData },
  markup: string,
  moreHeadTags: string,
): string {
  const head = [
    content.noindex ? '<meta name="robots" content="noindex" />' : '',
    content.headTags,
    moreHeadTags,
  ]
    .filter(Boolean)
    .join('\n    ');
  const data = `<script type="application/json" id="${SERVER_RENDER_DATA_ID}">${jsonForScript(content.data)}</script>`;
  return template
    .replace(HTML, () => `${HTML} ${HYDRATING_ATTRIBUTE}`)
    .replace(TITLE, () => `<title>${escapeHtml(content.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(content.description)}" />`)
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace(NOSCRIPT, '')
    .replace(ROOT, () => `<div id="root">${markup}</div>\n    ${data}`);
}
