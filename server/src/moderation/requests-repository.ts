import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** The SQL of users' requests for a project to be listed, as moderators decide them. */
export function createRequestsRepository(db: Kysely<DB>) {
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

    findRequest(id: number) {
      return db.selectFrom('project_requests').selectAll().where('id', '=', id).executeTakeFirst();
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
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
