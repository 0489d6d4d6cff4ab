import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { createDevProvider } from '../github/dev-provider.js';
import { createGitHubProvider } from '../github/github-client.js';
import type { SignInProvider } from '../github/sign-in-provider.js';
import type { Database } from '../platform/db/database.js';
import { moderatorsAmong, registerAuthentication, requireUser, type RequireUser } from './authentication.js';
import { cookieSettings } from './cookies.js';
import { createAccountsRepository } from './repository.js';
import { accountsRoutes } from './routes.js';
import { createAccountsService } from './service.js';
import { createSessions } from './sessions.js';

const SESSION_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Wires sign-in: GitHub when an OAuth app is configured, otherwise (never in production, see config.ts) the
 * development provider. Registers request authentication (each route's declared access, moderators by
 * ADMIN_LOGINS) for every route registered after it, then the /api/account routes.
 */
export async function registerAccounts(
  app: FastifyInstance,
  deps: { config: Config; database: Database; onSessionEnded?: (idHash: string) => void },
) {
  const { config } = deps;
  const repository = createAccountsRepository(deps.database.db);
  const sessions = createSessions(repository, config.sessions, undefined, deps.onSessionEnded);
  const cookies = cookieSettings(config.publicUrl);

  let provider: SignInProvider;
  let issueDevCode: ((login: string, codeChallenge: string) => string) | null = null;
  if (config.github.oauthApp) {
    provider = createGitHubProvider({ ...config.github.oauthApp, ...config.github });
  } else {
    const dev = createDevProvider({ publicUrl: config.publicUrl, secret: config.sessionSecret });
    provider = dev.provider;
    issueDevCode = dev.issueCode;
  }
  const service = createAccountsService({
    repository,
    sessions,
    provider,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
  });

  const isModerator = moderatorsAmong(config.adminLogins);
  registerAuthentication(app, { sessions, cookies, isModerator });

  // Ended sessions are kept a day (to answer 403, not 401), then forgotten. Any node may prune: it is one
  // idempotent DELETE.
  const pruneTimer = setInterval(() => {
    sessions.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning old sessions failed'));
  }, SESSION_PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  await app.register(accountsRoutes, { config, service, sessions, cookies, issueDevCode });
  const guard: RequireUser = (request, reply) => requireUser(request, reply, cookies);
  return { sessions, cookies, requireUser: guard, isModerator, publicRepos: service.publicRepos };
}
