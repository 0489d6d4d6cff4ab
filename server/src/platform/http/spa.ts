import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@openlfg/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest } from './api-paths.js';
import { errorBody } from './errors.js';
import { readPagePreloads } from './page-preloads.js';
import { sendPage } from './page-compression.js';
import type { UnknownApiPathLimit } from './rate-limits.js';
import {
  loadServerRenderer,
  pageWithContent,
  RENDER_TIMEOUT_MS,
  renderClock,
  type ServerRenderedPage,
} from './server-render.js';

/** Vite puts content-hashed files under assets/: their URL changes whenever their content does. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed assets, so browsers must revalidate it on every load. */
const REVALIDATE = 'no-cache';
/** A page as its viewer may see it: the browser alone keeps it, and revalidates it. */
const PRIVATE = 'private, no-cache';

export interface SpaOptions {
  /**
   * Tags for a page's head (its link preview), put into index.html before `</head>`; `fallback` is what a
   * page gets when working them out fails, so a page always loads.
   */
  head?: { forPage: (pathname: string) => Promise<string>; fallback: () => string };
  /** Pages whose HTML holds their content, rendered by the web app's own server rendering (a project's page). */
  renderedPages?: ServerRenderedPage[];
  /**
   * Counts a rendered page's work among the handlers closing waits for (`app.trackHandler`, running-handlers.ts):
   * a page may read the database, which must not close under it.
   */
  trackWork?: <T>(work: Promise<T>) => Promise<T>;
  /** Runs before the 404 of an unknown API path: the API's rate limit (rate-limits.ts). */
  limitUnknownApiPath?: UnknownApiPathLimit | null;
}

/**
 * Serves the built single-page app and answers every unknown path: a JSON 404 under /api, index.html for
 * page routes (deep links such as /my-projects?view=groups), and a plain 404 for missing files.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string | null,
  options: SpaOptions = {},
): Promise<void> {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  // Read once: each page's answer is the template with its head's tags put in, its link preview and the
  // preloads of its code.
  const headEnd = indexHtml?.indexOf('</head>') ?? -1;
  const preloadsFor =
    webDistDir && indexHtml ? readPagePreloads(webDistDir, (message) => app.log.warn(message)) : () => '';
  const renderedPages = options.renderedPages ?? [];
  const renderer =
    webDistDir && indexHtml && renderedPages.length > 0
      ? await loadServerRenderer(webDistDir, (message) => app.log.warn(message))
      : null;
  /** A page rendered on the server, or null for the app's shell (no such page, or its rendering failed). */
  const renderedPage = async (
    pathname: string,
    request: FastifyRequest,
  ): Promise<{ status: number; html: string; perViewer: boolean } | null> => {
    if (!renderer || !indexHtml) return null;
    for (const page of renderedPages) {
      const match = page.path.exec(pathname);
      if (!match) continue;
      try {
        const content = await page.load(match, request, renderer);
        // Every page's dates are written against one clock, which goes out with the page: the browser's first
        // render writes them the same, whatever the visitor's own clock and zone say.
        const data = { ...content.data, clock: renderClock() };
        const markup = await renderer.render(request.url, data, RENDER_TIMEOUT_MS);
        return {
          status: content.status,
          html: pageWithContent(
            indexHtml,
            { ...content, data },
            markup,
            preloadsFor(pathname, { rendered: true }),
          ),
          perViewer: content.perViewer === true,
        };
      } catch (error) {
        app.log.warn({ err: error }, 'server rendering failed: the app renders the page in the browser');
        return null;
      }
    }
    return null;
  };
  const pageHtml = async (pathname: string): Promise<string | null> => {
    if (!indexHtml || headEnd < 0) return indexHtml;
    const { head } = options;
    const preview = head
      ? await head.forPage(pathname).catch((error: unknown) => {
          app.log.warn({ err: error }, 'page preview failed: the site preview is served');
          return head.fallback();
        })
      : '';
    const tags = `${preview}${preloadsFor(pathname)}`;
    return tags ? `${indexHtml.slice(0, headEnd)}  ${tags}\n  ${indexHtml.slice(headEnd)}` : indexHtml;
  };

  if (webDistDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes each text file compressed beside it (`.br`, `.gz`, at the highest levels): sent as
      // they are, rather than compressed again on every request at a level made for speed.
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(webDistDir, filePath);
        res.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn('web/dist/index.html not found: pages are not served (run `npm run build`)');
  }

  const { limitUnknownApiPath } = options;
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (limitUnknownApiPath && isApiRequest(request)) await limitUnknownApiPath(request, reply);
  };
  app.setNotFoundHandler({ preHandler }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Decoded as the router decodes it: an unknown `/%61pi/...` is an unknown API path, not a page.
    if (isApiRequest(request)) {
      return reply
        .status(404)
        .send(errorBody(ErrorCode.notFound, `There is no API route ${request.method} ${pathname}.`));
    }
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.posix.extname(pathname);
    if (!isPage) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build`, or use `npm start`.');
    }
    const work = renderedPage(pathname, request);
    const rendered = await (options.trackWork ? options.trackWork(work) : work);
    if (rendered?.perViewer) reply.header('vary', 'cookie');
    reply
      .status(rendered?.status ?? 200)
      .header('cache-control', rendered?.perViewer ? PRIVATE : REVALIDATE)
      .type('text/html; charset=utf-8');
    return sendPage(request, reply, rendered?.html ?? (await pageHtml(pathname)) ?? '');
  });
}
