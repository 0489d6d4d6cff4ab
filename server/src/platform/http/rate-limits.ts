import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import { ErrorCode } from '@openlfg/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { connectRedis } from '../redis.js';
import { isApiPath } from './api-paths.js';
import { HttpError } from './errors.js';

const MINUTE_MS = 60_000;
/** Load balancers poll it: never limited. */
const HEALTH_ROUTE = '/api/health';

/** What the limits need to know about a request's session; the accounts feature answers (request.auth()). */
export interface SessionProbe {
  /** Whether the request carries a session cookie at all. Costs nothing. */
  hasCookie(request: FastifyRequest): boolean;
  /** The id hash of the live session the cookie names, else null. One lookup, shared with the route. */
  liveSession(request: FastifyRequest): Promise<string | null>;
}

export interface RateLimitSettings {
  /** API requests per client per minute; 0 turns the limit off. */
  perMinute: number;
  /** Set: the counters live in Redis, shared by every node. Unset: in this node's memory. */
  redisUrl: string | undefined;
  /** Prefix of the counters' Redis keys (tests give each run its own). */
  redisKeyPrefix?: string;
  sessions: SessionProbe;
}

/**
 * The address a request counts against, for every per-address limit (these and the realtime socket caps). IPv6 by
 * /64 network: one host usually holds a whole /64, so counting single addresses would let it rotate past a limit.
 * A client that has already gone (it reset the connection while its request was read, a WebSocket upgrade
 * dropped mid-way) has no address any more: its requests share one key, as nothing can answer them anyway.
 */
export function addressKey(request: FastifyRequest): string {
  return isClientGone(request) ? GONE_CLIENT_KEY : `ip:${normalizeIP(request.ip)}`;
}

const GONE_CLIENT_KEY = 'ip:gone';

/**
 * Whether the request's client has gone: once its connection is reset, Node no longer knows the peer's address
 * (`request.ip` is undefined behind no proxy, or behind one that is trusted by address).
 */
export function isClientGone(request: FastifyRequest): boolean {
  // Typed as a string, but undefined once the socket has lost its peer.
  const ip = request.ip as string | undefined;
  return typeof ip !== 'string' || ip === '';
}

function tooMany(retryAfter: string): HttpError {
  return new HttpError(429, ErrorCode.rateLimited, `Too many requests. Please try again in ${retryAfter}.`);
}

/**
 * Limits per minute: every /api route per client, and the sign-in routes (which reach GitHub and create
 * sessions) more tightly per address. Counters live in Redis when REDIS_URL is set, so the limit holds across
 * all nodes; otherwise in each node's memory, and behind N nodes the effective limit is up to N times this.
 * When Redis does not answer (every wait on it is bounded, see platform/redis.ts), requests go through
 * unlimited rather than fail.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<{ unknownApiPath: UnknownApiPathLimit | null }> {
  const { perMinute, sessions } = settings;
  const redis = settings.redisUrl ? await connectRedis(settings.redisUrl, app.log) : null;
  // onClose runs once the requests in flight have finished: nothing needs Redis after it.
  if (redis) app.addHook('onClose', async () => redis.disconnect());

  // Only API routes are limited, and that is decided on each route's own pattern as it is added: a request
  // meets the limit of the route it reaches, however its path is spelled (the router decodes `/%61pi/...`).
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || route.url === HEALTH_ROUTE) {
      route.config = { ...route.config, rateLimit: false };
    }
  });

  // Who a request counts against: its live session (so people behind one address do not share a budget), else
  // its address (TRUST_PROXY makes that the client's, behind a load balancer). A cookie that names no live
  // session (made up, ended, expired) counts against the address, so inventing cookies buys no budget.
  //
  // Telling a live session from a made-up one takes a database lookup. Those lookups are bounded per address:
  // each cookie that turned out not to be live is counted against its address in a separate budget, and once
  // that is spent, cookies from the address are not looked up for the rest of the minute (they count against
  // the address). A separate budget, not the address's ordinary one, so that signed-in people behind a busy
  // shared address (an office, a campus) are still counted by session while their anonymous neighbours use
  // up the address. The price: a read of that budget before each lookup (a Redis round trip when shared).
  // A live session's lookup is no extra work: the route needs it anyway, and request.auth() caches it.
  async function clientKey(request: FastifyRequest): Promise<string> {
    const address = addressKey(request);
    if (!sessions.hasCookie(request)) return address;
    const spent = await junkCookies(request, { increment: false });
    if (!spent.isAllowed && spent.remaining === 0) return address;
    let session: string | null;
    try {
      session = await sessions.liveSession(request);
    } catch {
      // The database is away: count against the address. A route that needs the session fails on its own
      // (503); one that does not (cached lists) still answers.
      return address;
    }
    if (session) return `session:${session}`;
    await junkCookies(request);
    return address;
  }

  await app.register(rateLimit, {
    global: perMinute > 0,
    max: perMinute > 0 ? perMinute : 1_000_000,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => clientKey(request),
    errorResponseBuilder: (_request, context) => tooMany(context.after),
    ...(redis ? { redis, nameSpace: `${settings.redisKeyPrefix ?? 'openlfg:'}rate-limit:` } : {}),
    // A store error (Redis away or slow) lets the request through instead of failing it.
    skipOnError: true,
  });
  // Shares the plugin's store (Redis or memory) and its skipOnError.
  const junkCookies = app.createRateLimit({
    max: perMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `junk-cookie:${addressKey(request)}`,
  });
  // An unknown API path reaches no route, so no route's limit: the not-found handler applies this one, the API's
  // own (same budget, same client), so that probing for paths spends the budget too.
  return { unknownApiPath: perMinute > 0 ? app.rateLimit() : null };
}

/** The API's limit, for a request that reached no route (`registerSpa` runs it for unknown API paths). */
export type UnknownApiPathLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Route options for the sign-in routes: their own, tighter limit per address, or none when it is off. */
export function signInRateLimit(perMinute: number): { rateLimit: RateLimitOptions | false } {
  return {
    rateLimit: perMinute > 0 ? { max: perMinute, timeWindow: MINUTE_MS, keyGenerator: addressKey } : false,
  };
}
