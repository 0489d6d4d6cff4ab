import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { ErrorCode } from '@openlfg/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../crypto.js';
import { HttpError } from './errors.js';

const MINUTE_MS = 60_000;

/**
 * Who a request counts against: the session when there is one (so people behind one address do not share a
 * budget), else the address (TRUST_PROXY makes that the client's, behind a load balancer).
 */
function clientKey(request: FastifyRequest): string {
  const session = Object.entries(request.cookies ?? {}).find(([name]) =>
    name.endsWith('openlfg_session'),
  )?.[1];
  return session ? `session:${sha256(session)}` : `ip:${request.ip}`;
}

function tooMany(retryAfter: string): HttpError {
  return new HttpError(429, ErrorCode.rateLimited, `Too many requests. Please try again in ${retryAfter}.`);
}

/**
 * Limits per minute: every /api route per client, and the sign-in routes (which reach GitHub and create
 * sessions) more tightly per address. Counters live in each node's memory: behind N nodes the effective limit
 * is up to N times this. Health checks are never limited: load balancers poll them.
 */
export async function registerRateLimits(app: FastifyInstance, limits: { perMinute: number }): Promise<void> {
  await app.register(rateLimit, {
    global: limits.perMinute > 0,
    max: limits.perMinute > 0 ? limits.perMinute : 1_000_000,
    timeWindow: MINUTE_MS,
    keyGenerator: clientKey,
    allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/health'),
    errorResponseBuilder: (_request, context) => tooMany(context.after),
  });
}

/** Route options for the sign-in routes: their own, tighter limit per address, or none when it is off. */
export function signInRateLimit(perMinute: number): { rateLimit: RateLimitOptions | false } {
  return {
    rateLimit:
      perMinute > 0
        ? {
            max: perMinute,
            timeWindow: MINUTE_MS,
            keyGenerator: (request: FastifyRequest) => `ip:${request.ip}`,
          }
        : false,
  };
}
