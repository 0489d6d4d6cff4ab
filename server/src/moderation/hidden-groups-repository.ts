import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** The SQL of groups moderators hide and restore (the groups feature leaves hidden groups out of its lists). */
export function createHiddenGroupsRepository(db: Kysely<DB>) {
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
  };
}

export type HiddenGroupsRepository = ReturnType<typeof createHiddenGroupsRepository>;
