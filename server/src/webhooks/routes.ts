import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WEBHOOK_MAX_BODY_BYTES } from '@openlfg/contracts';
import { endpoint } from '../platform/http/endpoints.js';
import { badRequest } from '../platform/http/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../platform/http/json-body.js';
import type { WebhooksService } from './service.js';

export interface WebhooksRoutesOptions {
  service: WebhooksService;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /api/github/webhooks: GitHub's deliveries. Registered as its own plugin so that, for this route alone, a
 * JSON body is kept as the raw bytes the signature covers (the app's parser would hand over a re-serialisable
 * object, and a signature must be checked over exactly what GitHub sent), up to WEBHOOK_MAX_BODY_BYTES (413 past
 * it), nested no deeper than MAX_JSON_DEPTH (400, as on every route). GitHub does not send Origin, and its JSON
 * content type passes the CSRF rule as is.
 */
export const webhooksRoutes: FastifyPluginAsyncTypebox<WebhooksRoutesOptions> = async (app, { service }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BODY_BYTES },
    (_request, body, done) => {
      // As on every route: a body nested past the bound is a 400 before anything reads it.
      if (nestsDeeperThan((body as Buffer).toString('utf8'), MAX_JSON_DEPTH)) {
        done(badRequest(`The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`));
        return;
      }
      done(null, body);
    },
  );
  app.route({
    ...endpoint('githubWebhook'),
    bodyLimit: WEBHOOK_MAX_BODY_BYTES,
    // GitHub sends from a few addresses in bursts and does not retry a refused delivery by itself: a delivery
    // refused by a per-address limit would be lost. Unsigned requests cost one HMAC and change nothing.
    config: { ...endpoint('githubWebhook').config, rateLimit: false },
    handler: async (request, reply) => {
      const answer = await service.receive({
        event: header(request.headers['x-github-event']),
        deliveryId: header(request.headers['x-github-delivery']),
        signature: header(request.headers['x-hub-signature-256']),
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      });
      return reply.status(answer.status).send(answer.body);
    },
  });
};
