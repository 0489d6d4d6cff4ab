import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** The SQL of blocks between people and of users' reports on users. */
export function createSafetyRepository(db: Kysely<DB>) {
  return {
    db,

    findUserByLogin(login: string) {
      return db
        .selectFrom('users')
        .select(['id', 'login'])
        .where(sql<boolean>`lower(login) = lower(${login})`)
        .where('is_demo', '=', false)
        .executeTakeFirst();
    },

    /**
     * Blocks `blockedId` for `blockerId` (again is harmless), and withdraws their pending requests to join the
     * blocker's groups in the same transaction: the owner is not left to decide on someone they blocked.
     */
    block(blockerId: number, blockedId: number) {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('user_blocks')
          .values({ blocker_id: blockerId, blocked_id: blockedId })
          .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
          .execute();
        await trx
          .updateTable('group_join_requests')
          .set({ status: 'cancelled', decided_at: new Date() })
          .where('user_id', '=', blockedId)
          .where('status', '=', 'pending')
          .where('group_id', 'in', (eb) =>
            eb.selectFrom('group_projects').select('id').where('owner_id', '=', blockerId),
          )
          .execute();
      });
    },

    unblock(blockerId: number, blockedId: number) {
      return db
        .deleteFrom('user_blocks')
        .where('blocker_id', '=', blockerId)
        .where('blocked_id', '=', blockedId)
        .execute();
    },

    blockedBy(blockerId: number) {
      return db
        .selectFrom('user_blocks')
        .innerJoin('users', 'users.id', 'user_blocks.blocked_id')
        .select(['users.login', 'users.name', 'users.avatar_url', 'user_blocks.created_at'])
        .where('user_blocks.blocker_id', '=', blockerId)
        .orderBy('user_blocks.created_at', 'desc')
        .orderBy('users.login')
        .execute();
    },

    fileUserReport(reporterId: number, userId: number, reason: string) {
      return db
        .insertInto('user_reports')
        .values({ reporter_id: reporterId, user_id: userId, reason })
        .execute();
    },
  };
}

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
