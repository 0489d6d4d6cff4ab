import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** The SQL of users' reports on groups, as moderators read and close them. */
export function createReportsRepository(db: Kysely<DB>) {
  return {
    db,

    /** Groups with open reports, the most recently reported first, with their reports. */
    async openReports(page: number, pageSize: number) {
      const { count } = await db
        .selectFrom('group_reports')
        .select(sql<number>`count(distinct group_id)`.as('count'))
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      const groups = await db
        .selectFrom('group_reports')
        .select(['group_id', sql<Date>`max(created_at)`.as('latest')])
        .where('status', '=', 'open')
        .groupBy('group_id')
        .orderBy(sql`max(created_at)`, 'desc')
        .orderBy('group_id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const ids = groups.map((g) => g.group_id);
      const reports =
        ids.length === 0
          ? []
          : await db
              .selectFrom('group_reports')
              .innerJoin('users', 'users.id', 'group_reports.reporter_id')
              .leftJoin('group_projects', 'group_projects.id', 'group_reports.group_id')
              .select([
                'group_reports.group_id',
                'group_reports.group_title',
                'group_reports.reason',
                'group_reports.created_at',
                'users.login',
                'group_projects.id as existing_id',
                'group_projects.title as current_title',
                'group_projects.hidden_at',
              ])
              .where('group_reports.status', '=', 'open')
              .where('group_reports.group_id', 'in', ids)
              .orderBy('group_reports.created_at', 'desc')
              .orderBy('group_reports.id', 'desc')
              .execute();
      return { total: Number(count), ids, reports };
    },

    /** Closes every open report on the group with the moderator's outcome; answers how many it closed. */
    async closeReports(
      trx: Transaction<DB>,
      groupId: number,
      outcome: 'dismissed' | 'hidden' | 'deleted',
    ): Promise<number> {
      const rows = await trx
        .updateTable('group_reports')
        .set({ status: outcome === 'dismissed' ? 'dismissed' : 'actioned', outcome, closed_at: new Date() })
        .where('group_id', '=', groupId)
        .where('status', '=', 'open')
        .returning('id')
        .execute();
      return rows.length;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
