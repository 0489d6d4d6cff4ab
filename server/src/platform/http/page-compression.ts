import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings a page goes out in, the browser's preference first and then brotli's smaller answer. */
const ENCODINGS = ['br', 'gzip'] as const;

/**
 * Sends a page's HTML compressed in the encoding the browser takes best (as the compression plugin does an
 * answer of a route: brotli at its quality 4, gzip at its default), or whole when it takes neither. Pages are
 * served by the not-found handler (spa.ts), which is no route, and the plugin only hooks routes. A rendered
 * page is 30 kB of HTML, about 6 kB compressed, and the first thing a phone on a slow network waits for.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]);
  reply.header('vary', appendVary(reply.getHeader('vary'), 'accept-encoding'));
  if (encoding === null) return reply.send(html);
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(html);
  return reply.header('content-encoding', encoding).send(body);
}

function appendVary(current: unknown, field: string): string {
  return typeof current === 'string' && current !== '' ? `${current}, ${field}` : field;
}
