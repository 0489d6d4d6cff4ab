import { ErrorCode } from '@openlfg/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequireUser } from '../accounts/authentication.js';
import { HttpError } from '../platform/http/errors.js';

export type Moderator = Awaited<ReturnType<RequireUser>>;

/**
 * Who is a moderator: the GitHub logins in ADMIN_LOGINS, compared ignoring case. Checked on the server for
 * every moderation route (the one place that decides it).
 */
export function createModeratorGuard(adminLogins: readonly string[], requireUser: RequireUser) {
  const logins = new Set(adminLogins.map((login) => login.toLowerCase()));
  const isModerator = (login: string) => logins.has(login.toLowerCase());
  return {
    isModerator,
    /** The signed-in moderator, or 401 (nobody signed in), 403 (session ended, or not a moderator). */
    async requireModerator(request: FastifyRequest, reply: FastifyReply): Promise<Moderator> {
      const user = await requireUser(request, reply);
      if (!isModerator(user.login))
        throw new HttpError(403, ErrorCode.forbidden, 'Only moderators can do this.');
      return user;
    },
  };
}

export type ModeratorGuard = ReturnType<typeof createModeratorGuard>;
