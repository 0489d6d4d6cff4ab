import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { createFacetsRepository } from './facets-repository.js';
import { createIssueCacheRepository } from './issue-cache-repository.js';
import { createListRepository } from './list-repository.js';
import { createRequestsRepository } from './requests-repository.js';
import { createSavesRepository } from './saves-repository.js';

export type { ListOrder, ListQuery } from './list-order.js';
export type { ListCounts } from './list-repository.js';

/** All the projects feature's SQL, one repository per idea, as one object the service shares. */
export function createProjectsRepository(db: Kysely<DB>) {
  return {
    ...createListRepository(db),
    ...createFacetsRepository(db),
    ...createSavesRepository(db),
    ...createIssueCacheRepository(db),
    ...createRequestsRepository(db),

    findById(id: number) {
      return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByRepoExt(repoExt: string) {
      return db
        .selectFrom('projects')
        .selectAll()
        .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
        .executeTakeFirst();
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
