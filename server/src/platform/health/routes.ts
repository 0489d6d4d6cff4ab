import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database.js';
import { endpoint } from '../http/endpoints.js';

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.route({
    ...endpoint('health'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        // On PostgreSQL the check has a connection of its own: requests waiting for a full pool do not
        // make a healthy node look down. Either way it answers within ping's timeout.
        await (database.healthCheck ? database.healthCheck() : database.ping());
        return { status: 'ok', database: 'up' } as const;
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  });
};
