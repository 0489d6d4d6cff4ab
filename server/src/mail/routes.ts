import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RequireUser } from '../accounts/authentication.js';
import { endpoint } from '../platform/http/endpoints.js';
import { ONE_CLICK_MEDIA_TYPES } from '../platform/http/security.js';
import type { MailService } from './service.js';

export interface MailRoutesOptions {
  service: MailService;
  requireUser: RequireUser;
}

/** Notification email: the caller's settings (/api/account/mail-settings) and the mail's links (/api/mail). */
export const mailRoutes: FastifyPluginAsyncTypebox<MailRoutesOptions> = async (app, options) => {
  const { service, requireUser } = options;

  app.route({
    ...endpoint('mailSettings'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'private, no-cache');
      return service.settings(user);
    },
  });

  app.route({
    ...endpoint('updateMailSettings'),
    handler: async (request, reply) => service.update(await requireUser(request, reply), request.body),
  });

  app.route({
    ...endpoint('confirmMail'),
    handler: async (request) => service.confirm(request.body.token),
  });

  // A mail client's one-click Unsubscribe (RFC 8058) posts "List-Unsubscribe=One-Click" as a form, with no
  // cookie and no Origin: the signed token in the address is the whole authority, so the body is not read.
  app.addContentTypeParser(
    [...ONE_CLICK_MEDIA_TYPES],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );
  app.route({
    ...endpoint('unsubscribeMail'),
    config: { ...endpoint('unsubscribeMail').config, oneClick: true },
    handler: async (request) => service.unsubscribe(request.query.token),
  });
};
