import type { GroupListRequest, ProjectListRequest, ServerRenderData } from '@openlfg/contracts';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createQueryClient } from '../app/query-client';
import { preloadMarkdown } from '../components/markdown/LazyMarkdown';
import { parseGroupListQuery, toGroupListRequest } from '../features/groups/list-query';
import { parseListQuery, toListRequest } from '../features/projects/list-query';
import { appElement } from './app-element';
import { seedPrefetchedQueries } from './prefetched-queries';

/**
 * The server's rendering of a page (built by `vite build --ssr` into web/dist-ssr, loaded by the API server:
 * platform/http/server-render.ts). It renders the app itself, as the browser's first render will: the
 * anonymous visitor's view (the session is checked by the browser after it takes over), the light theme's
 * markup (the theme is an attribute on <html>, set before the first paint), with the server's answers in
 * the query cache, and its dates written against the clock the server hands it (which goes out with the
 * page, for the browser's first render to write the same). It waits for every lazily loaded page module, so the HTML holds the page, not a spinner.
 */
export async function render(url: string, data: ServerRenderData, timeoutMs: number): Promise<string> {
  const queryClient = createQueryClient();
  seedPrefetchedQueries(queryClient, data);
  try {
    const { prelude } = await prerenderToNodeStream(
      appElement(queryClient, (routes) => <StaticRouter location={url}>{routes}</StaticRouter>, data.clock),
      {
        signal: AbortSignal.timeout(timeoutMs),
        // Every boundary inline, in the document's order: React otherwise sends a large one's content after the
        // rest, with an inline script to move it into place, which the CSP refuses and a crawler never runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A component that cannot render on the server is left to the browser (its boundary's fallback here):
        // said once in the server's log rather than failing the page.
        onError: (error) => console.warn('server rendering:', error),
      },
    );
    const parts: Buffer[] = [];
    for await (const part of prelude) parts.push(part as Buffer);
    return Buffer.concat(parts).toString('utf8');
  } finally {
    queryClient.clear();
  }
}

/**
 * Loads, once and before the server answers anything, what the first page with a Markdown description would
 * otherwise load in the middle of its request: the renderer's code and its jsdom window (half a second to a
 * second of synchronous work, during which the server answered nothing else, its sockets included). Only that:
 * the other lazily loaded parts render as they do in the browser, which draws some (the side menu, a dialog)
 * only once their code has loaded.
 */
export async function prepare(): Promise<void> {
  await preloadMarkdown();
  const { preparePurifier } = await import('../components/markdown/render-markdown');
  preparePurifier();
}

/**
 * The group list's request the Looking for group page asks for at an address with this query, as it first
 * renders (the anonymous view: "for you" waits for the session): the server answers it and renders the page
 * from that answer.
 */
export function groupListRequest(search: string): GroupListRequest {
  return toGroupListRequest(parseGroupListQuery(search));
}

/** The same for Discover: the list of projects its page asks for at an address with this query. */
export function projectListRequest(search: string): ProjectListRequest {
  return toListRequest(parseListQuery(search));
}
