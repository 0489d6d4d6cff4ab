import type { Kysely, Transaction } from 'kysely';
import { setSaved } from '../platform/db/saves.js';
import type { DB } from '../platform/db/schema.js';
import { projectCardColumns } from './presenters.js';

/**
 * Whether the project exists, holding it so that it is not deleted before `trx` ends (FOR KEY SHARE blocks a
 * deletion only: never a save, a sync or another holder).
 */
export async function holdProject(trx: Transaction<DB>, projectId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .forKeyShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's saved projects: saving, unsaving and the list of them. */
export function createSavesRepository(db: Kysely<DB>) {
  return {
    /**
     * Saves or unsaves in one transaction: the save row and the counter move together (platform/db/saves.ts),
     * so repeats and races leave `saves` exact.
     */
    setSaved(userId: number, projectId: number, saved: boolean) {
      return db.transaction().execute(async (trx) => {
        if (!(await holdProject(trx, projectId))) return { changed: false, saves: undefined };
        return setSaved(trx, 'project', userId, projectId, saved);
      });
    },

    savedBy(userId: number, limit: number) {
      return db
        .selectFrom('project_saves')
        .innerJoin('projects', 'projects.id', 'project_saves.project_id')
        .select(projectCardColumns)
        .where('project_saves.user_id', '=', userId)
        .orderBy('project_saves.created_at', 'desc')
        .orderBy('projects.id')
        .limit(limit)
        .execute();
    },
  };
}
