import type { Kysely } from 'kysely';
import { setSaved } from '../platform/db/saves.js';
import type { DB } from '../platform/db/schema.js';
import { projectCardColumns } from './presenters.js';

/** A user's saved projects: saving, unsaving and the list of them. */
export function createSavesRepository(db: Kysely<DB>) {
  return {
    /**
     * Saves or unsaves in one transaction: the save row and the counter move together (platform/db/saves.ts),
     * so repeats and races leave `saves` exact.
     */
    setSaved(userId: number, projectId: number, saved: boolean) {
      return db.transaction().execute(async (trx) => {
        // The project must exist, and must not be deleted while this runs (FOR KEY SHARE blocks deletion only).
        const exists = await trx
          .selectFrom('projects')
          .select('id')
          .where('id', '=', projectId)
          .forKeyShare()
          .executeTakeFirst();
        if (!exists) return { changed: false, saves: undefined };
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
