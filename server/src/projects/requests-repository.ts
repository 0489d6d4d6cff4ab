import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** Users' requests that a repository be added to the catalogue. */
export function createRequestsRepository(db: Kysely<DB>) {
  return {
    /**
     * Records a user's request for a repository: one pending request per repository (created by the first
     * asker), one requester row per user. Answers whether this user is new to it and how many asked.
     */
    request(userId: number, repoExt: string) {
      return db.transaction().execute(async (trx) => {
        await sql`insert into project_requests (repo_ext) values (${repoExt})
                  on conflict (lower(repo_ext)) where status = 'pending' do nothing`.execute(trx);
        const request = await trx
          .selectFrom('project_requests')
          .select(['id', 'repo_ext'])
          .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow();
        const inserted = await trx
          .insertInto('project_request_requesters')
          .values({ request_id: request.id, user_id: userId })
          .onConflict((oc) => oc.columns(['request_id', 'user_id']).doNothing())
          .returning('user_id')
          .executeTakeFirst();
        const { count } = await trx
          .selectFrom('project_request_requesters')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('request_id', '=', request.id)
          .executeTakeFirstOrThrow();
        return { repoExt: request.repo_ext, created: inserted !== undefined, requesters: Number(count) };
      });
    },
  };
}
