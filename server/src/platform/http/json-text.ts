import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that is JSON text already (a cached list page): Fastify sends a string as it is, so it is not
 * serialised twice, while the route's response schema still documents its shape (and tests check it).
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
