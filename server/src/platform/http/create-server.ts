import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@openlfg/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from '../../config.js';
import { AccessLog, loggerOptions } from '../logger.js';
import { clientErrorHandler, frameworkErrors } from './errors.js';
import { registerJsonBodyParser } from './json-body.js';
import { trackRunningHandlers } from './running-handlers.js';
import { registerValidation } from './validation.js';

/** Bodies above this are refused with 413 before they are parsed. No API request needs more. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** What a starting node still answers. */
const ANSWERED_WHILE_STARTING = new Set(['/api/health', '/api/ready', '/metrics']);

export interface HttpServerOptions {
  /** Defaults to pino at the configured level; tests pass false or their own logger. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Until `markStarted()`, every request but liveness, readiness and metrics answers 503 with Retry-After. */
  startsLater: boolean;
}

/**
 * The Fastify instance every feature registers on, before any of them: its limits and timeouts, the access log,
 * validation and JSON bodies, the gate of a node still starting, the list of declared routes, and a closing
 * node's `connection: close` and its wait for the handlers still at work. app.ts composes the features on it.
 */
export function createHttpServer(config: Config, options: HttpServerOptions) {
  const loggerOption =
    options.logger ?? loggerOptions(config.logLevel, { asynchronous: config.isProduction });
  const app = Fastify({
    ...(isLoggerInstance(loggerOption) ? { loggerInstance: loggerOption } : { logger: loggerOption }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A client must send a request's headers and body within REQUEST_TIMEOUT_MS (else 408 and the connection is
    // closed), so one trickling bytes cannot hold a connection open. Node looks for late requests only every
    // `connectionsCheckingInterval` (30 s by default), hence the shorter interval. Only receiving is bounded: a
    // handler may take its time, a client may read the answer slowly (no idle `connectionTimeout`), and an
    // upgraded WebSocket is no longer a request.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new AccessLog(),
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Before any route and any other onClose hook: closing waits for the handlers still at work, their client gone
  // or not.
  trackRunningHandlers(app);
  registerValidation(app);
  registerJsonBodyParser(app);
  let started = !options.startsLater;
  app.decorate('markStarted', () => {
    started = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (started || ANSWERED_WHILE_STARTING.has(request.url.split('?')[0] ?? '')) return;
    return reply
      .status(503)
      .header('retry-after', '5')
      .send({
        error: {
          code: ErrorCode.unavailable,
          message: 'OpenLFG is starting (applying database migrations): try again in a few seconds.',
        },
      });
  });
  const declaredRoutes: RouteOptions[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  app.addHook('onRoute', (route) => {
    declaredRoutes.push(route);
  });

  // While shutting down, a keep-alive connection whose request was in flight would otherwise stay open until its
  // keep-alive timeout and hold the shutdown up; telling the client to close it lets close() finish promptly.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  return { app, started: () => started };
}

function isLoggerInstance(value: HttpServerOptions['logger']): value is FastifyBaseLogger {
  return (
    typeof value === 'object' && value !== null && typeof (value as FastifyBaseLogger).child === 'function'
  );
}
