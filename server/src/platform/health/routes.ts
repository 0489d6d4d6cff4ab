import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database.js';
import { endpoint } from '../http/endpoints.js';

/**
 * Liveness (`/api/health`: the process answers, and says whether its database does) apart from readiness
 * (`/api/ready`: 503 while the node starts, applying migrations, or while its database does not answer).
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database; started: () => boolean }> = async (
  app,
  { database, started },
) => {
  const databaseAnswers = async (): Promise<boolean> => {
    try {
      // On PostgreSQL the check has a connection of its own: requests waiting for a full pool do not
      // make a healthy node look down. Either way it answers within ping's timeout.
      await (database.healthCheck ? database.healthCheck() : database.ping());
      return true;
    } catch {
      return false;
    }
  };

  app.route({
    ...endpoint('ready'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!started()) return reply.status(503).send({ status: 'starting', database: 'unknown' });
      if (await databaseAnswers()) return { status: 'ready', database: 'up' } as const;
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    },
  });

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
