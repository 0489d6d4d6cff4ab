import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Query parameters that carry credentials (OAuth code and state, tokens): never written to the log. */
const SECRET_QUERY_PARAMS = ['code', 'state', 'token', 'access_token'];

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of SECRET_QUERY_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

const CENSOR = '[redacted]';
/** Fields that hold credentials: written as [redacted] wherever a logged object holds them one level down. */
const SECRET_FIELDS = [
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'password',
  'secret',
  'sessionSecret',
  'clientSecret',
  'databaseUrl',
];

/**
 * A log line's fields with every secret one level down censored (`{ user: { token } }`), the caller's objects
 * left as they were. A line without any (most lines: strings and numbers) is returned as it came.
 */
export function withoutSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  let result: Record<string, unknown> | undefined;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (typeof value !== 'object' || value === null) continue;
    let censored: Record<string, unknown> | undefined;
    for (const secret of SECRET_FIELDS) {
      if (!Object.hasOwn(value, secret)) continue;
      censored ??= copyOf(value);
      censored[secret] = CENSOR;
    }
    if (censored) {
      result ??= { ...fields };
      result[key] = censored;
    }
  }
  return result ?? fields;
}

/** An error's copy keeps what its serializer writes (its message, stack and cause are not enumerable). */
function copyOf(value: object): Record<string, unknown> {
  if (!(value instanceof Error)) return { ...value };
  const copy = Object.assign(
    Object.create(Object.getPrototypeOf(value) as object) as Record<string, unknown>,
    value,
  );
  copy.message = value.message;
  copy.stack = value.stack;
  if (value.cause !== undefined) copy.cause = value.cause;
  return copy;
}

/**
 * Stdout through pino's asynchronous destination: a line is queued and written when stdout can take it, so a
 * slow log reader (a full pipe) never blocks the event loop; pino writes what is queued when the process exits.
 * Lines go out in chunks of at least 4 kB (about 15 access-log lines), or after a second so a quiet server's
 * last lines still reach the log: one write per access-log line (a thread-pool round trip each) cost more CPU
 * than formatting the line.
 */
function chunkedStdout(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}

/**
 * The server's pino options. `asynchronous` (production) writes to stdout in chunks without blocking (above).
 * Elsewhere lines are written at once, so a developer sees the last line before a crash.
 */
export function loggerOptions(
  level: string,
  options: { asynchronous?: boolean } = {},
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(options.asynchronous ? { stream: chunkedStdout() } : {}),
    // The headers' secrets by path. The fields named secret anywhere one level down (`*.token`) are taken out by
    // the log formatter: pino's wildcard redaction would pass every value of every line, and every request's
    // child logger, through it, which cost three times the rest of an access-log line. (A child logger's
    // bindings are not searched: the server binds none but the request id.)
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: CENSOR,
    },
    formatters: { log: withoutSecrets },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

/**
 * The access log: one line per request, written once its answer has been sent, with the request id every
 * other line of that request carries (reqId), instead of Fastify's pair of lines (incoming, completed): half
 * the lines, and each line has everything. A request whose answer failed on the way (the connection broke)
 * gets its line at error level, with the error.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed while answering');
    else reply.log.info(line, 'request');
  }
}
