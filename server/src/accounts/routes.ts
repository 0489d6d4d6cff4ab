import { GITHUB_LOGIN_PATTERN, Text } from '@openlfg/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../config.js';
import { requireUser } from './authentication.js';
import type { CookieSettings } from './cookies.js';
import { DEV_SIGN_IN_CSS, devSignInPage } from './dev-sign-in-page.js';
import { toUser } from './presenters.js';
import { safeReturnTo } from './return-to.js';
import type { AccountsService, PendingSignIn } from './service.js';
import type { Sessions } from './sessions.js';
import { signInRateLimit } from '../platform/http/rate-limits.js';
import { endpoint } from '../platform/http/endpoints.js';

export interface AccountsRoutesOptions {
  config: Config;
  service: AccountsService;
  sessions: Sessions;
  cookies: CookieSettings;
  /** Present only when development sign-in is on. */
  issueDevCode: ((login: string, codeChallenge: string) => string) | null;
}

const loginPattern = new RegExp(GITHUB_LOGIN_PATTERN);

export const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, options) => {
  const { config, service, sessions, cookies, issueDevCode } = options;
  // Sign-in reaches GitHub and creates sessions: limited per address, more tightly than other routes.
  const signInLimit = signInRateLimit(config.rateLimits.signInPerMinute);

  function readPending(signedValue: string | undefined): PendingSignIn | null {
    if (!signedValue) return null;
    const unsigned = app.unsignCookie(signedValue);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      return JSON.parse(unsigned.value) as PendingSignIn;
    } catch {
      return null;
    }
  }

  app.route({
    ...endpoint('authorize'),
    config: { ...endpoint('authorize').config, ...signInLimit },
    handler: async (request, reply) => {
      const { pending, redirectUrl } = service.beginSignIn(
        safeReturnTo(request.query.returnTo, config.publicUrl),
        request.query.login,
      );
      reply.setCookie(cookies.oauth.name, JSON.stringify(pending), cookies.oauth.options);
      reply.header('cache-control', 'no-store');
      return reply.redirect(redirectUrl, 302);
    },
  });

  app.route({
    ...endpoint('login'),
    config: { ...endpoint('login').config, ...signInLimit },
    handler: async (request, reply) => {
      const pending = readPending(request.cookies[cookies.oauth.name]);
      // The pending sign-in is single-use whatever happens next.
      reply.clearCookie(cookies.oauth.name, cookies.oauth.options);
      const result = await service.completeSignIn({ ...request.body, pending });

      // A new session id at every sign-in; the one this browser held before, if any, ends now.
      const previous = request.cookies[cookies.session.name];
      if (previous) await sessions.end(previous, 'replaced');
      reply.setCookie(cookies.session.name, result.session.id, {
        ...cookies.session.options,
        expires: result.session.expiresAt,
      });
      request.log.info({ userId: result.user.id, login: result.user.login }, 'signed in');
      return { token: result.token, returnTo: result.returnTo };
    },
  });

  app.route({
    ...endpoint('checkAuth'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      if (auth.status === 'ended') reply.clearCookie(cookies.session.name, cookies.session.options);
      reply.header('cache-control', 'no-store');
      return { authenticated: auth.status === 'active', devSignIn: config.devSignIn };
    },
  });

  app.route({
    ...endpoint('userInfo'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply, cookies);
      reply.header('cache-control', 'no-store');
      return { user: toUser(user) };
    },
  });

  app.route({
    ...endpoint('logout'),
    handler: async (request, reply) => {
      const id = request.cookies[cookies.session.name];
      if (id) await sessions.end(id, 'logout');
      reply.clearCookie(cookies.session.name, cookies.session.options);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...endpoint('publicRepos'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply, cookies);
      reply.header('cache-control', 'private, no-cache');
      return { repos: await service.publicRepos(user.id) };
    },
  });

  if (issueDevCode) {
    app.get('/api/account/dev/sign-in.css', async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(DEV_SIGN_IN_CSS),
    );

    app.get(
      '/api/account/dev/authorize',
      {
        config: signInLimit,
        schema: {
          querystring: Type.Object({
            state: Text({ minLength: 1, maxLength: 256 }),
            code_challenge: Text({ minLength: 43, maxLength: 128 }),
            login: Type.Optional(Text({ maxLength: 100 })),
          }),
        },
      },
      async (request, reply) => {
        const { state, code_challenge: codeChallenge } = request.query;
        const login = request.query.login?.trim();
        reply.header('cache-control', 'no-store');
        if (login === undefined || login === '' || !loginPattern.test(login)) {
          const error =
            login === undefined || login === ''
              ? undefined
              : 'A username has 1 to 39 letters, digits or single hyphens, and does not start or end with a hyphen.';
          return reply
            .status(error ? 400 : 200)
            .type('text/html; charset=utf-8')
            .send(
              devSignInPage({
                state,
                codeChallenge,
                ...(login ? { login } : {}),
                ...(error ? { error } : {}),
              }),
            );
        }
        const params = new URLSearchParams({ code: issueDevCode(login, codeChallenge), state });
        return reply.redirect(`${config.publicUrl}/?${params}`, 302);
      },
    );
  }
};
