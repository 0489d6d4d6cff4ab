import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** The SQL of the catalogue's health as moderators see it: sync runs, problem projects, removing a project. */
export function createCatalogueRepository(db: Kysely<DB>) {
  return {
    db,

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

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
