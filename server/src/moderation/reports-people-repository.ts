import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** The SQL of users' reports on users and of suspending accounts, as moderators read and act on them. */
export function createPeopleReportsRepository(db: Kysely<DB>) {
  return {
    db,

    /** Users with open reports, the most recently reported first, with their reports. */
    async openReports(page: number, pageSize: number) {
      const { count } = await db
        .selectFrom('user_reports')
        .select(sql<number>`count(distinct user_id)`.as('count'))
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      const people = await db
        .selectFrom('user_reports')
        .select(['user_id', sql<Date>`max(created_at)`.as('latest')])
        .where('status', '=', 'open')
        .groupBy('user_id')
        .orderBy(sql`max(created_at)`, 'desc')
        .orderBy('user_id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const ids = people.map((p) => p.user_id);
      const reports =
        ids.length === 0
          ? []
          : await db
              .selectFrom('user_reports')
              .innerJoin('users as reported', 'reported.id', 'user_reports.user_id')
              .innerJoin('users as reporter', 'reporter.id', 'user_reports.reporter_id')
              .select([
                'user_reports.user_id',
                'user_reports.reason',
                'user_reports.created_at',
                'reported.login',
                'reported.name',
                'reported.suspended_at',
                'reported.suspension_reason',
                'reporter.login as reporter_login',
              ])
              .where('user_reports.status', '=', 'open')
              .where('user_reports.user_id', 'in', ids)
              .orderBy('user_reports.created_at', 'desc')
              .orderBy('user_reports.id', 'desc')
              .execute();
      return { total: Number(count), ids, reports };
    },

    /** The user by login, their row held for the rest of the transaction (one moderator's act at a time). */
    lockUser(trx: Transaction<DB>, login: string) {
      return trx
        .selectFrom('users')
        .select(['id', 'login', 'suspended_at'])
        .where(sql<boolean>`lower(login) = lower(${login})`)
        .forUpdate()
        .executeTakeFirst();
    },

    async setSuspension(trx: Transaction<DB>, userId: number, reason: string | null): Promise<void> {
      await trx
        .updateTable('users')
        .set({ suspended_at: reason === null ? null : new Date(), suspension_reason: reason })
        .where('id', '=', userId)
        .execute();
    },

    /** Deletes every session of the user (signed out everywhere); answers their hashes, to close their sockets. */
    async deleteSessions(trx: Transaction<DB>, userId: number): Promise<string[]> {
      const rows = await trx
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .returning('id_hash')
        .execute();
      return rows.map((row) => row.id_hash);
    },

    /** Closes every open report on the user; answers how many it closed. */
    async closeReports(trx: Transaction<DB>, userId: number, outcome: 'dismissed' | 'actioned') {
      const rows = await trx
        .updateTable('user_reports')
        .set({ status: outcome, closed_at: new Date() })
        .where('user_id', '=', userId)
        .where('status', '=', 'open')
        .returning('id')
        .execute();
      return rows.length;
    },
  };
}

export type PeopleReportsRepository = ReturnType<typeof createPeopleReportsRepository>;
