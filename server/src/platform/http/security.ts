import compress from '@fastify/compress';
import helmet from 'helmet';
import { ErrorCode } from '@openlfg/contracts';
import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './api-paths.js';
import { errorBody } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What RFC 8058 lets a mail client's one-click unsubscribe post, besides JSON. */
export const ONE_CLICK_MEDIA_TYPES: ReadonlySet<string> = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
]);

/** Where GitHub serves avatars from; the only third-party origin the pages load anything from. */
const AVATAR_ORIGIN = 'https://avatars.githubusercontent.com';

export async function registerSecurity(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https:');
  // Helmet's middleware, built once: the Fastify plugin built it again for every request (parsing the policy's
  // directives each time), which cost an eighth of a cached list answer's CPU.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', AVATAR_ORIGIN],
        fontSrc: ["'self'"],
        // 'self' covers same-origin ws:/wss: in current browsers; listed for older ones.
        connectSrc: ["'self'", publicUrl.replace(/^http/, 'ws')],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Over plain http (local runs) HSTS would be ignored at best; over https it pins the site to https.
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet throws rather than calling back with an error (v8.1 on); it only sets headers.
    securityHeaders(request.raw, reply.raw, () => done());
  });
  // Answers held whole in memory (every JSON answer: a list page is 5 to 30 kB) are compressed in one call: a
  // compression stream per answer costs more in setup and thread-pool hand-offs than the compression itself
  // (0.07 ms for an 11 kB page, brotli or gzip). The plugin's default limit for that shrinks with the
  // cores it sees (8 kB on two), which sent most list pages down the stream path.
  await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024 });

  // Cross-site request forgery: a browser cannot send Content-Type: application/json to another origin
  // without a CORS preflight (which we never grant), and browsers always send Origin on such requests.
  // Judged on the route the request reaches, not its raw URL: `/%61pi/...` reaches the API too.
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method) || !isApiRequest(request)) return;
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    // A mail client's one-click unsubscribe: a form post from the mail provider, authorised by the signed
    // token in its address alone, so no session a forged request could ride on (routes marked `oneClick`).
    if (request.routeOptions.config.oneClick && ONE_CLICK_MEDIA_TYPES.has(mediaType ?? '')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicUrl) {
      return reply
        .status(403)
        .send(errorBody(ErrorCode.forbidden, `Requests from ${origin} are not allowed; use ${publicUrl}.`));
    }
    if (mediaType !== 'application/json') {
      return reply
        .status(415)
        .send(
          errorBody(
            ErrorCode.unsupportedMediaType,
            'Requests that change data must send Content-Type: application/json.',
          ),
        );
    }
  });
}
