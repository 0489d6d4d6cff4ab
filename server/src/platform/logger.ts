import type { FastifyServerOptions } from 'fastify';

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

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.token',
        '*.accessToken',
        '*.access_token',
        '*.refreshToken',
        '*.password',
        '*.secret',
        '*.sessionSecret',
        '*.clientSecret',
        '*.databaseUrl',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
