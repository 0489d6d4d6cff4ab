import { Readable } from 'node:stream';
import { ErrorCode } from '@openlfg/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { SitemapKind } from './repository.js';
import type { SitemapService } from './service.js';

/** A sitemap file's name: its kind and page number (from 1). Anything else is a 400 naming `params.file`. */
const SitemapFileParams = Type.Object(
  { file: Type.String({ pattern: '^(projects|groups)-[1-9][0-9]{0,5}\\.xml$', maxLength: 20 }) },
  { additionalProperties: false },
);

const XML = 'application/xml; charset=utf-8';
/** Crawlers come back for them; an hour old is fresh enough for a list of pages. */
const CACHE = 'public, max-age=3600';

/**
 * The pages search engines read, beside the site's own pages rather than under /api: they are not JSON and not
 * declared in contracts (like /metrics), and the OpenAPI document leaves them out. Each validates what it takes.
 */
export const sitemapRoutes: FastifyPluginAsyncTypebox<{ service: SitemapService }> = async (
  app,
  { service },
) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(service.robots()),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(await service.index()),
  );

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: SitemapFileParams } },
    async (request, reply) => {
      const [kind, number] = request.params.file.slice(0, -'.xml'.length).split('-');
      const xml = await service.page(kind as SitemapKind, Number(number));
      if (!xml) {
        return reply.status(404).send({
          error: { code: ErrorCode.notFound, message: `There is no sitemap ${request.params.file}.` },
        });
      }
      // Streamed as the rows are read: a page of 50,000 addresses is never held whole.
      return reply
        .type(XML)
        .header('cache-control', CACHE)
        .send(Readable.from(xml, { objectMode: false }));
    },
  );
};
