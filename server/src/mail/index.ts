import type { FastifyInstance } from 'fastify';
import type { RequireUser } from '../accounts/authentication.js';
import type { Config } from '../config.js';
import type { Database } from '../platform/db/database.js';
import { createMailer } from '../platform/mail/mailer.js';
import { repeatEvery } from '../platform/repeat.js';
import { createMailRepository } from './repository.js';
import { mailRoutes } from './routes.js';
import { createMailService, type MailService } from './service.js';
import { createMailTokens } from './tokens.js';

/** How often each node looks for due digests: "at once" means within this. */
export const DIGEST_ROUND_MS = 60_000;

/**
 * Notification email: the routes always (the settings say when mail is off), the mail server and the digest
 * rounds only with SMTP_URL. Every node runs rounds; the leases in mail_settings give each user's digest to
 * one node. The timer is unref'd and stops with the app; a round in progress finishes on its own.
 */
export async function registerMail(
  app: FastifyInstance,
  deps: { config: Config; database: Database; requireUser: RequireUser; roundMs?: number },
): Promise<MailService> {
  const { config } = deps;
  const mailer = config.mail ? createMailer(config.mail) : null;
  const service = createMailService({
    repository: createMailRepository(deps.database.db),
    mailer,
    tokens: createMailTokens(config.sessionSecret),
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(mailRoutes, { service, requireUser: deps.requireUser });
  if (!mailer) return service;

  const stop = repeatEvery(
    async () => {
      await service.runRound();
      return undefined;
    },
    deps.roundMs ?? DIGEST_ROUND_MS,
    (error) => app.log.warn({ err: error }, 'a notification digest round failed; trying again later'),
  );
  app.addHook('onClose', async () => {
    stop();
    mailer.close();
  });
  return service;
}
