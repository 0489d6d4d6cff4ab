import type { PrefetchableQuery, PrefetchedQuery } from '@openlfg/contracts';
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import {
  answerOf,
  searchOf,
  type RenderedPageContent,
  type ServerRenderedPage,
  type ServerRenderer,
} from './server-render.js';

/**
 * A list page the server renders with its first page in it (Discover, Looking for group). Which list the
 * address asks for is the web app's to say (`requestOf`: the parser its page reads the address with, in the
 * built rendering), and the answer is the API's own for that request (`list`, the answer as the API's cache
 * keeps it: JSON text), the same for every viewer. A request the API's schema refuses is not asked: the page
 * renders its loading state, and the browser asks the API, which answers it as it does.
 */
export function listPageRendering<Schema extends TSchema>(options: {
  path: RegExp;
  /** The query the answer is embedded as (its one argument the request as JSON). */
  query: PrefetchableQuery;
  /** The API's schema of the list's request. */
  schema: Schema;
  requestOf: (renderer: ServerRenderer, search: string) => unknown;
  list: (request: Static<Schema>) => Promise<string>;
  /**
   * Other answers the page shows at once beside the list, each the same whatever the address (Discover's
   * language filter says how many projects have a language): embedded as the query, without arguments, that
   * the page reads it by.
   */
  beside?: readonly { query: PrefetchableQuery; answer: () => Promise<unknown> }[];
  /** The tab's title as the page sets it (useDocumentTitle). */
  title: string;
  description: string;
  headTags: () => string;
}): ServerRenderedPage {
  return {
    path: options.path,
    async load(_match, request, renderer): Promise<RenderedPageContent> {
      const listRequest = options.requestOf(renderer, searchOf(request.url));
      const list = async (): Promise<PrefetchedQuery[]> => {
        if (!Value.Check(options.schema, listRequest)) return [];
        const { answer } = await answerOf(async () => JSON.parse(await options.list(listRequest)) as unknown);
        return [{ query: options.query, args: [JSON.stringify(listRequest)], ...answer }];
      };
      const beside = (options.beside ?? []).map(async ({ query, answer }): Promise<PrefetchedQuery> => {
        const { answer: answered } = await answerOf(answer);
        return { query, args: [], ...answered };
      });
      const [listed, besides] = await Promise.all([list(), Promise.all(beside)]);
      const queries = [...listed, ...besides];
      return {
        status: 200,
        data: { queries },
        title: options.title,
        description: options.description,
        headTags: options.headTags(),
      };
    },
  };
}
