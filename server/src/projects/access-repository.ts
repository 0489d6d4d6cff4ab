import { sql, type Kysely, type Transaction } from 'kysely';
import type { ProjectAccess } from '../groups/policy-rooms.js';
import type { DB } from '../platform/db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The access facts of one project for groups/policy.ts (its room and its mentors): the project, and whether the
 * caller mentors it. `key share` first takes the project's row for the transaction, so a post or a volunteer
 * racing the project's removal (a catalogue import replacing it) either commits first and goes with it, or
 * waits and finds no project.
 */
export function createProjectAccessRepository(db: Kysely<DB>) {
  return {
    db,
    async loadAccess(
      executor: Executor,
      projectId: number,
      userId: number | null,
      lock: 'key share' | null = null,
    ): Promise<ProjectAccess | null> {
      if (lock) {
        // Lock first, read after (as the groups' loadAccess does): what is read then is what the holder committed.
        const locked = await sql`select id from projects where id = ${projectId} for key share`.execute(
          executor,
        );
        if (locked.rows.length === 0) return null;
      }
      const row = await executor
        .selectFrom('projects')
        .select((eb) => [
          'projects.id',
          'projects.repo_ext',
          eb
            .exists(
              eb
                .selectFrom('project_mentors')
                .select('project_mentors.user_id')
                .whereRef('project_mentors.project_id', '=', 'projects.id')
                .where('project_mentors.user_id', '=', userId ?? 0),
            )
            .as('mentor'),
        ])
        .where('projects.id', '=', projectId)
        .executeTakeFirst();
      return row ? { projectId: row.id, fullName: row.repo_ext, mentor: Boolean(row.mentor) } : null;
    },
  };
}
