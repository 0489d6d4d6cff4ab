import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * All SQL of moderation except the audit log's (platform/db/audit-log.ts, which a group's owner also writes to)
 * and a group's deletion (groups/repository.ts).
 */
export function createModerationRepository(db: Kysely<DB>) {
  /** Hidden groups with what the moderators' lists show of them. */
  const selectHidden = () =>
    db
      .selectFrom('group_projects')
      .innerJoin('users', 'users.id', 'group_projects.owner_id')
      .select([
        'group_projects.id',
        'group_projects.title',
        'group_projects.hidden_at',
        'group_projects.hidden_reason',
        'users.login',
      ])
      .where('group_projects.hidden_at', 'is not', null);

  return {
    db,

    async pendingRequests(page: number, pageSize: number) {
      const { count } = await db
        .selectFrom('project_requests')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('project_requests as r')
        .select([
          'r.id',
          'r.repo_ext',
          'r.created_at',
          sql<boolean>`exists (select 1 from projects p where lower(p.repo_ext) = lower(r.repo_ext))`.as(
            'listed',
          ),
          sql<string[]>`array(select u.login from project_request_requesters q
            join users u on u.id = q.user_id where q.request_id = r.id order by q.created_at, u.login)`.as(
            'requesters',
          ),
        ])
        .where('r.status', '=', 'pending')
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { total: Number(count), rows };
    },

    findRequest(executor: Executor, id: number) {
      return executor.selectFrom('project_requests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Locks the request's row for the rest of the transaction: decisions on one request run one at a time. */
    lockRequest(trx: Transaction<DB>, id: number) {
      return trx
        .selectFrom('project_requests')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Everyone who asked for the request's repository: the decision is told to each. */
    async requesterIds(trx: Transaction<DB>, requestId: number): Promise<number[]> {
      const rows = await trx
        .selectFrom('project_request_requesters')
        .select('user_id')
        .where('request_id', '=', requestId)
        .execute();
      return rows.map((row) => row.user_id);
    },

    decideRequest(
      trx: Transaction<DB>,
      id: number,
      decision: { status: 'approved' | 'rejected'; by: number; reason: string | null },
    ) {
      return trx
        .updateTable('project_requests')
        .set({
          status: decision.status,
          decided_at: new Date(),
          decided_by: decision.by,
          decision_reason: decision.reason,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Adds the repository to the catalogue unless it is there (any case), answering the project's id and
     * whether it is new. A new project has never been synced (last_synced_at null), so the next sync run
     * takes it first, and it is new to the catalogue from now (the "New" badge and filter).
     */
    async addProject(trx: Transaction<DB>, repoExt: string): Promise<{ id: number; added: boolean }> {
      const inserted = await trx
        .insertInto('projects')
        .values({
          repo_ext: repoExt,
          name: repoExt.split('/')[1] ?? repoExt,
          topics: [],
          source: 'request',
          new_since: sql<Date>`now()`,
        })
        .onConflict((oc) => oc.expression(sql`lower(repo_ext)`).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, added: true };
      const existing = await trx
        .selectFrom('projects')
        .select('id')
        .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
        .executeTakeFirstOrThrow();
      return { id: existing.id, added: false };
    },

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

    hideGroup(trx: Transaction<DB>, groupId: number, by: number, reason: string) {
      return trx
        .updateTable('group_projects')
        .set({ hidden_at: new Date(), hidden_reason: reason, hidden_by: by })
        .where('id', '=', groupId)
        .execute();
    },

    /** Shows a hidden group again: its hidden mark and reason are cleared. */
    restoreGroup(trx: Transaction<DB>, groupId: number) {
      return trx
        .updateTable('group_projects')
        .set({ hidden_at: null, hidden_reason: null, hidden_by: null })
        .where('id', '=', groupId)
        .execute();
    },

    /** One group if a moderator hid it (the group page's Restore), else undefined. */
    hiddenGroup(groupId: number) {
      return selectHidden().where('group_projects.id', '=', groupId).executeTakeFirst();
    },

    /** The groups moderators hid, the most recently hidden first, paged. */
    async hiddenGroups(page: number, pageSize: number) {
      const { count } = await db
        .selectFrom('group_projects')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('hidden_at', 'is not', null)
        .executeTakeFirstOrThrow();
      const rows = await selectHidden()
        .orderBy('group_projects.hidden_at', 'desc')
        .orderBy('group_projects.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { total: Number(count), rows };
    },

    latestRun() {
      return db.selectFrom('sync_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    runFailures(runId: number, limit: number) {
      return db
        .selectFrom('sync_failures')
        .select(['repo_ext', 'kind', 'reason'])
        .where('run_id', '=', runId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async projectsTotal(): Promise<number> {
      const { count } = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Archived or unreachable projects, paged. */
    async problemProjects(page: number, pageSize: number) {
      const problem = sql<boolean>`(archived or unreachable_at is not null)`;
      const { count } = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(problem)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('projects')
        .select(['id', 'repo_ext', 'archived', 'unreachable_at'])
        .where(problem)
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { total: Number(count), rows };
    },

    deleteProject(trx: Transaction<DB>, id: number) {
      return trx.deleteFrom('projects').where('id', '=', id).returning('repo_ext').executeTakeFirst();
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
