import { ADMIN_PAGE_SIZE, type AdminReportedUser, type SuspensionOutcome } from '@openlfg/contracts';
import type { Transaction } from 'kysely';
import type { Moderator } from '../accounts/authentication.js';
import { writeAudit } from '../platform/db/audit-log.js';
import type { DB } from '../platform/db/schema.js';
import { retryTransaction } from '../platform/db/retry.js';
import { conflict, notFound } from '../platform/http/errors.js';
import type { ModerationEffects, ModerationLog } from './effects.js';
import { adminPage } from './presenters.js';
import type { PeopleReportsRepository } from './reports-people-repository.js';

type Locked = NonNullable<Awaited<ReturnType<PeopleReportsRepository['lockUser']>>>;

/**
 * Users' reports on users, beside the reports on groups: the people with open reports, and the moderator's
 * answer (dismiss, or suspend the account with a reason, which signs it out everywhere and closes its reports);
 * a suspension is lifted with a reason too. Every act is audit-logged in its own transaction.
 */
export function createPeopleReportsService(
  deps: {
    repository: PeopleReportsRepository;
    log: ModerationLog;
  } & Pick<ModerationEffects, 'sessionEnded'>,
) {
  const { repository } = deps;

  /** Runs `act` on the user (locked) in one transaction, retried for the database's sake. */
  function onUser<T>(
    login: string,
    doing: string,
    act: (trx: Transaction<DB>, user: Locked) => Promise<T>,
  ): Promise<T> {
    return retryTransaction(
      () =>
        repository.db.transaction().execute(async (trx) => {
          const user = await repository.lockUser(trx, login);
          if (!user) throw notFound(`There is no user ${login}.`);
          return act(trx, user);
        }),
      deps.log,
      `${doing} ${login}`,
    );
  }

  return {
    async open(page: number) {
      const { total, ids, reports } = await repository.openReports(page, ADMIN_PAGE_SIZE);
      const byUser = new Map<number, AdminReportedUser>();
      for (const row of reports) {
        const person = byUser.get(row.user_id) ?? {
          login: row.login,
          name: row.name,
          suspended: row.suspended_at !== null,
          suspensionReason: row.suspension_reason,
          reports: [],
        };
        person.reports.push({
          reporter: row.reporter_login,
          reason: row.reason,
          at: row.created_at.toISOString(),
        });
        byUser.set(row.user_id, person);
      }
      const data = ids.flatMap((id) => byUser.get(id) ?? []);
      return adminPage(data, page, total);
    },

    async dismiss(actor: Moderator, login: string, reason: string | null): Promise<SuspensionOutcome> {
      return onUser(login, 'dismissing reports on', async (trx, user) => {
        const closed = await repository.closeReports(trx, user.id, 'dismissed');
        if (closed === 0) throw conflict(`There are no open reports on ${user.login}.`);
        await writeAudit(trx, {
          actor,
          action: 'user-report.dismiss',
          objectType: 'user',
          objectId: user.login,
          reason,
          details: { reportsClosed: closed },
        });
        return {
          login: user.login,
          suspended: user.suspended_at !== null,
          sessionsEnded: 0,
          reportsClosed: closed,
        };
      });
    },

    /**
     * Suspends the account: refused at sign-in with `reason` from now on, its sessions deleted (so every node
     * closes their sockets once this commits), its open reports closed as acted on.
     */
    async suspend(actor: Moderator, login: string, reason: string): Promise<SuspensionOutcome> {
      const { outcome, ended } = await onUser(login, 'suspending', async (trx, user) => {
        if (user.id === actor.id) throw conflict('You cannot suspend your own account.');
        if (user.suspended_at) throw conflict(`${user.login}'s account is already suspended.`);
        await repository.setSuspension(trx, user.id, reason);
        const hashes = await repository.deleteSessions(trx, user.id);
        const closed = await repository.closeReports(trx, user.id, 'actioned');
        await writeAudit(trx, {
          actor,
          action: 'user.suspend',
          objectType: 'user',
          objectId: user.login,
          reason,
          details: { sessionsEnded: hashes.length, reportsClosed: closed },
        });
        return {
          outcome: {
            login: user.login,
            suspended: true,
            sessionsEnded: hashes.length,
            reportsClosed: closed,
          },
          ended: hashes,
        };
      });
      ended.forEach((hash) => deps.sessionEnded(hash));
      return outcome;
    },

    async lift(actor: Moderator, login: string, reason: string): Promise<SuspensionOutcome> {
      return onUser(login, 'lifting the suspension of', async (trx, user) => {
        if (!user.suspended_at) throw conflict(`${user.login}'s account is not suspended.`);
        await repository.setSuspension(trx, user.id, null);
        await writeAudit(trx, {
          actor,
          action: 'user.lift-suspension',
          objectType: 'user',
          objectId: user.login,
          reason,
        });
        return { login: user.login, suspended: false, sessionsEnded: 0, reportsClosed: 0 };
      });
    },
  };
}

export type PeopleReportsService = ReturnType<typeof createPeopleReportsService>;
