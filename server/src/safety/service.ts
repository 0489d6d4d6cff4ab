import type { BlocksResponse, UserReportFiled } from '@openlfg/contracts';
import { authorizePerson } from '../groups/policy-people.js';
import { badRequest, notFound } from '../platform/http/errors.js';
import type { SafetyRepository } from './repository.js';

interface Caller {
  id: number;
  login: string;
}

/**
 * Blocking people and reporting them. What a block then stops (the blocker's groups' doors, notifications,
 * mentions, messages shown) is decided by the policy where each of those happens; here it is only recorded.
 */
export function createSafetyService(repository: SafetyRepository) {
  /** The user named, asked of the policy first; a person who is not here is a 404 like any other. */
  async function target(action: 'block' | 'report-user', caller: Caller, login: string) {
    const user = await repository.findUserByLogin(login);
    authorizePerson(action, caller.id, { oneself: user?.id === caller.id });
    if (!user) throw notFound(`There is no user ${login} here (body.login).`);
    return user;
  }

  async function blocks(caller: Caller): Promise<BlocksResponse> {
    const rows = await repository.blockedBy(caller.id);
    return {
      data: rows.map((row) => ({
        login: row.login,
        name: row.name,
        avatarUrl: row.avatar_url,
        blockedAt: row.created_at.toISOString(),
      })),
    };
  }

  return {
    blocks,

    async block(caller: Caller, login: string): Promise<BlocksResponse> {
      const user = await target('block', caller, login);
      await repository.block(caller.id, user.id);
      return blocks(caller);
    },

    /** Unblocking someone not blocked (or not here) changes nothing and is no error. */
    async unblock(caller: Caller, login: string): Promise<BlocksResponse> {
      const user = await repository.findUserByLogin(login);
      if (user) await repository.unblock(caller.id, user.id);
      return blocks(caller);
    },

    async report(caller: Caller, login: string, reason: string): Promise<UserReportFiled> {
      const user = await target('report-user', caller, login);
      const text = reason.trim();
      if (text === '') throw badRequest('Say why you report them (body.reason must not be blank).');
      await repository.fileUserReport(caller.id, user.id, text);
      return { login: user.login, status: 'open' };
    },
  };
}

export type SafetyService = ReturnType<typeof createSafetyService>;
