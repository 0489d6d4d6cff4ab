import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, TEXT_PATTERN, type ErrorResponse } from '@openlfg/contracts';
import { temporaryFailure } from '../db/unavailable.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An error a route throws on purpose: its status, code and message go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Headers the answer carries (a 429's Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, ErrorCode.badRequest, message);
export const notFound = (message: string) => new HttpError(404, ErrorCode.notFound, message);
export const forbidden = (message: string) => new HttpError(403, ErrorCode.forbidden, message);
export const conflict = (message: string) => new HttpError(409, ErrorCode.conflict, message);

export function errorBody(code: ErrorCode, message: string): ErrorResponse {
  return { error: { code, message } };
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.badRequest,
  401: ErrorCode.unauthenticated,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.rateLimited,
  503: ErrorCode.unavailable,
};

/** Fastify's own client-error codes, reworded for people. */
const FASTIFY_MESSAGES: Record<string, (error: FastifyError, request: FastifyRequest) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    'The request body is empty; send a JSON object (use {} when there is nothing to send).',
  FST_ERR_CTP_BODY_TOO_LARGE: (_e, request) =>
    `The request body is too large (the limit is ${request.routeOptions.bodyLimit} bytes).`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (_e, request) =>
    `Content-Type ${JSON.stringify(request.headers['content-type'] ?? '')} is not supported; send application/json.`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'The Content-Length header does not match the body.',
};

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** "body.sortField must be equal to one of the allowed values": names the field a client got wrong. */
export function describeValidationError(
  context: string | undefined,
  issue: ValidationIssue | undefined,
): string {
  if (!issue) return 'The request is not valid.';
  const segments = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    segments.push(issue.params.missingProperty);
    return `${[context ?? 'request', ...segments].join('.')} is required`;
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    return `${[context ?? 'request', ...segments].join('.')} has an unknown field "${issue.params.additionalProperty}"`;
  }
  const where = [context ?? 'request', ...segments].join('.');
  // The shared text pattern is unreadable as a message; say what it refuses.
  if (issue.keyword === 'pattern' && issue.params.pattern === TEXT_PATTERN) {
    return `${where} must not contain control characters`;
  }
  return `${where} ${issue.message ?? 'is not valid'}`;
}

/**
 * Errors Fastify answers before any route or hook runs (a path that is not valid percent-encoding, a path
 * parameter over the router's length limit): the same error contract as everything else, not Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The path is not a valid URL.'
        : 'The request is not valid.';
  void reply.status(status).send(errorBody(ErrorCode.badRequest, message));
}

/**
 * Faults Node's HTTP parser finds before Fastify has a request (headers or body too slow: 408, headers too large:
 * 431, bytes that are not HTTP: 400): answered in the error contract on the raw socket, which is then closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, ErrorCode.requestTimeout, 'The request took too long to arrive.'] as const)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, ErrorCode.badRequest, 'The request headers are too large.'] as const)
        : ([400, ErrorCode.badRequest, 'The request is not valid HTTP.'] as const);
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
const RETRY_AFTER_SECONDS = 5;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send(errorBody(error.code, error.message));
    }
    if (error.validation) {
      const message = describeValidationError(
        error.validationContext,
        error.validation[0] as ValidationIssue,
      );
      return reply.status(400).send(errorBody(ErrorCode.validation, message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const describe = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
      const message = describe ? describe(error, request) : error.message;
      return reply.status(status).send(errorBody(CODE_BY_STATUS[status] ?? ErrorCode.badRequest, message));
    }
    // The database is away for a moment (restart, failover), or what the request waited for is held elsewhere
    // (a lock past lock_timeout): a 503 the client may retry, not a failure of ours. Only this request fails.
    const temporary = temporaryFailure(error);
    if (temporary) {
      request.log.warn({ err: error }, `request failed: ${temporary}`);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(errorBody(ErrorCode.unavailable, UNAVAILABLE_MESSAGE));
    }
    // A 5xx is our fault: log everything, tell the client nothing internal.
    request.log.error({ err: error }, 'request failed');
    const unavailable = status === 503;
    return reply
      .status(unavailable ? 503 : 500)
      .send(
        errorBody(
          unavailable ? ErrorCode.unavailable : ErrorCode.internal,
          unavailable ? UNAVAILABLE_MESSAGE : 'Something went wrong on our side. Please try again.',
        ),
      );
  });
}
