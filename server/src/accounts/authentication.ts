import { ErrorCode } from '@openlfg/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../platform/http/errors.js';
import type { SessionProbe } from '../platform/http/rate-limits.js';
import { cookieSettings, type CookieSettings } from './cookies.js';
import type { SessionLookup, Sessions, SessionUser } from './sessions.js';

export type RequestAuth = SessionLookup | { status: 'anonymous' };

/** The caller of a route that declares `auth`, its access already checked (see registerAuthentication). */
export type SignedInUser = SessionUser & { sessionIdHash: string };

/** A caller whom a route declaring `auth: 'moderator'` let through. */
export type Moderator = SignedInUser;

/** What feature routes call for the caller: the signed-in user, or a 401/403 error (see requireUser). */
export type RequireUser = (request: FastifyRequest, reply: FastifyReply) => Promise<SignedInUser>;

/** Who is a moderator of the site, by GitHub login. */
export type IsModerator = (login: string) => boolean;

/** Who is a moderator: the GitHub logins in ADMIN_LOGINS, compared ignoring case. */
export function moderatorsAmong(adminLogins: readonly string[]): IsModerator {
  const logins = new Set(adminLogins.map((login) => login.toLowerCase()));
  return (login) => logins.has(login.toLowerCase());
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route, declared with it (through `endpoint()` from contracts): `user` needs a signed-in
     * user, `moderator` a moderator. Checked here for every route, before the request is validated, so an
     * anonymous caller is told to sign in (401) and a signed-in one who may not call it is refused (403),
     * whatever it sent, learning nothing about the route's schema. Absent: anyone.
     */
    auth?: 'user' | 'moderator';
  }
  interface FastifyRequest {
    /** Who is asking, from the session cookie; looked up once per request, on first use. */
    auth(): Promise<RequestAuth>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<RequestAuth>>();

const LEVELS = new Set(['user', 'moderator']);

/**
 * Decorates requests with auth() and guards every route registered after it by its declared `auth`: the one
 * place access levels are acted on (register it before any route).
 */
export function registerAuthentication(
  app: FastifyInstance,
  {
    sessions,
    cookies,
    isModerator,
  }: { sessions: Sessions; cookies: CookieSettings; isModerator: IsModerator },
): void {
  app.decorateRequest('auth', function (this: FastifyRequest): Promise<RequestAuth> {
    let pending = cache.get(this);
    if (!pending) {
      const id = this.cookies[cookies.session.name];
      pending = id ? sessions.lookup(id) : Promise.resolve({ status: 'anonymous' as const });
      cache.set(this, pending);
    }
    return pending;
  });

  // Routes declaring `auth` check the caller first: rate limit -> authenticate -> validate -> policy.
  app.addHook('onRoute', (route) => {
    const level = route.config?.auth;
    if (level === undefined) return;
    if (!LEVELS.has(level))
      throw new Error(`${route.url} declares an unknown access level: ${String(level)}`);
    const allowed = async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await requireUser(request, reply, cookies);
      if (level === 'moderator' && !isModerator(user.login)) {
        throw new HttpError(403, ErrorCode.forbidden, 'Only moderators can do this.');
      }
    };
    route.preValidation = [allowed, ...(route.preValidation ? [route.preValidation].flat() : [])];
  });
}

/**
 * What the rate limits ask about a request's session, answered through auth(): so the lookup the limit makes
 * is the one the route uses. The limits are registered before the accounts, hence built from the public URL.
 */
export function sessionProbe(publicUrl: string): SessionProbe {
  const { session } = cookieSettings(publicUrl);
  return {
    hasCookie: (request) => Boolean(request.cookies[session.name]),
    async liveSession(request) {
      const auth = await request.auth();
      return auth.status === 'active' ? auth.idHash : null;
    },
  };
}

/**
 * The signed-in user, or an error the client acts on: 401 when nobody is signed in, 403 when the session the
 * browser holds has ended or expired (the web app shows "session expired" and signs out). The stale cookie is
 * cleared so the next request is plainly anonymous.
 */
export async function requireUser(
  request: FastifyRequest,
  reply: FastifyReply,
  cookies: CookieSettings,
): Promise<SignedInUser> {
  // A handler that needs a user must say so on its route, or validation would answer anonymous callers first.
  if (!request.routeOptions.config.auth) {
    throw new Error(`${request.method} ${request.routeOptions.url} needs a user: declare config.auth on it`);
  }
  const auth = await request.auth();
  if (auth.status === 'active') return { ...auth.user, sessionIdHash: auth.idHash };
  if (auth.status === 'ended') {
    reply.clearCookie(cookies.session.name, cookies.session.options);
    throw new HttpError(403, ErrorCode.sessionExpired, 'Your session has expired. Please sign in again.');
  }
  throw new HttpError(401, ErrorCode.unauthenticated, 'Sign in with GitHub to do this.');
}
