import type { Kysely, Transaction } from 'kysely';
import { setSaved } from '../platform/db/saves.js';
import type { DB } from '../platform/db/schema.js';
import { createAccessRepository } from './access-repository.js';
import { createLifecycleRepository } from './lifecycle-repository.js';
import { createListRepository } from './list-repository.js';
import { createMatchRepository } from './match-repository.js';
import { createMembershipRepository } from './membership-repository.js';
import { createReadingRepository } from './reading-repository.js';

export type { GroupListCounts, GroupListQuery } from './list-repository.js';
export type { MatchProfile } from './match-repository.js';
export type { SharePreviewRow } from './access-repository.js';
export type { GroupRow } from './group-rows.js';
/** Who outside the groups feature lists groups for anyone (the sitemap) filters with the policy's SQL form. */
export { publiclyReadable } from './group-rows.js';

/** All the groups feature's SQL, one repository per sub-feature, as one object the services share. */
export function createGroupsRepository(db: Kysely<DB>) {
  return {
    db,
    ...createListRepository(db),
    ...createMatchRepository(db),
    ...createAccessRepository(db),
    ...createReadingRepository(db),
    ...createLifecycleRepository(db),
    ...createMembershipRepository(),
    /**
     * Saves or unsaves the group for the user and keeps the group's counter exact (platform/db/saves.ts).
     * Call it holding the group's row (a key share lock): the group exists throughout.
     */
    async setSaved(trx: Transaction<DB>, groupId: number, userId: number, saved: boolean) {
      const result = await setSaved(trx, 'group', userId, groupId, saved);
      return { changed: result.changed, saves: result.saves ?? 0 };
    },
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
