import swagger from '@fastify/swagger';
import { API, API_SUMMARIES, ErrorResponse, REALTIME_PATH, type EndpointName } from '@openlfg/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { API_REFERENCE_CSS, apiReferencePage, type OpenApiDocument } from './api-reference.js';

/** Routes that are not part of the JSON API: the WebSocket, the documents themselves, the dev sign-in page. */
export const NOT_JSON_API: ReadonlySet<string> = new Set([
  REALTIME_PATH,
  '/api/openapi.json',
  '/api/docs',
  '/api/docs.css',
  '/api/account/dev/authorize',
  '/api/account/dev/sign-in.css',
]);

const WHO_MAY_CALL = {
  user: 'Signed-in users only (session cookie); others get 401, an ended session 403.',
  moderator: 'Moderators only (ADMIN_LOGINS); anonymous callers get 401, other users 403.',
  anyone: 'Anyone; a session cookie, if sent, may change what the answer holds.',
} as const;

/** Each declared endpoint by method and path: its name is the operation's id, its summary the operation's. */
const DECLARED = new Map(
  (Object.keys(API) as EndpointName[]).map((name) => [`${API[name].method} ${API[name].path}`, name]),
);

/**
 * The API described as OpenAPI 3.1, built from the routes' own schemas as they are registered (so it lists what
 * the server really validates and answers), served at /api/openapi.json (openApiRoutes), with a readable
 * reference at /api/docs. Register before any route: the document collects routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'OpenLFG API',
        version: '1',
        description:
          'Find open source projects to contribute to and people to build with. Every request and answer is ' +
          'JSON; every error is `{ "error": { "code", "message" } }`. Requests that change data need ' +
          '`Content-Type: application/json` and, when they carry one, an `Origin` equal to the site.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'openlfg_session' } },
      },
    },
    transform: ({ schema, url, route }) => {
      const base = (schema ?? {}) as FastifySchema & { hide?: boolean };
      if (!url.startsWith('/api/') || NOT_JSON_API.has(url)) return { schema: { ...base, hide: true }, url };
      const auth = route.config?.auth;
      const name = DECLARED.get(`${[route.method].flat()[0]} ${url}`);
      const documented = {
        ...base,
        ...(name ? { operationId: name, summary: API_SUMMARIES[name] } : {}),
        tags: [url.split('/')[2] ?? 'api'],
        description: WHO_MAY_CALL[auth ?? 'anyone'],
        ...(auth ? { security: [{ session: [] }] } : {}),
        response: {
          ...(base.response as Record<string, unknown> | undefined),
          '4XX': { ...ErrorResponse, description: 'The request was refused: the message says why.' },
          '5XX': {
            ...ErrorResponse,
            description: 'The service is unavailable for a moment (503, Retry-After).',
          },
        },
      };
      return { schema: documented as FastifySchema, url };
    },
  });
}

/** The documents' own routes, registered with the others so they meet the same rate limits and headers. */
export async function openApiRoutes(app: FastifyInstance) {
  app.get('/api/openapi.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return app.swagger();
  });
  app.get('/api/docs', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('text/html; charset=utf-8').send(apiReferencePage(app.swagger() as OpenApiDocument));
  });
  app.get('/api/docs.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(API_REFERENCE_CSS),
  );
}
