import { sql, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import type { Executor } from './group-rows.js';

/** Closes the user's pending request to join the group, if any, with `status`. */
async function closePendingRequest(
  trx: Transaction<DB>,
  groupId: number,
  userId: number,
  status: 'approved' | 'cancelled',
): Promise<void> {
  await trx
    .updateTable('group_join_requests')
    .set({ status, decided_at: new Date() })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}

/** Adds a member (or the owner) and closes any pending request of theirs: a member is never also pending. */
export async function addMember(
  trx: Transaction<DB>,
  groupId: number,
  userId: number,
  role: 'owner' | 'member',
) {
  await trx.insertInto('group_members').values({ group_id: groupId, user_id: userId, role }).execute();
  await closePendingRequest(trx, groupId, userId, 'approved');
  return trx
    .updateTable('group_projects')
    .set({ member_count: sql`member_count + 1` })
    .where('id', '=', groupId)
    .returning('member_count')
    .executeTakeFirstOrThrow();
}

/** Who is in a group: members, requests to join, removals and the hand-over of ownership. */
export function createMembershipRepository() {
  return {
    /**
     * The caller's requests to join that count against the limits: pending now, and made in the last day
     * (with the oldest of those, for when one more is allowed). Takes a lock on the user first, so two requests
     * at once to different groups are counted one after the other.
     */
    async joinRequestCounts(trx: Transaction<DB>, userId: number) {
      await sql`select pg_advisory_xact_lock(hashtext('join-requests'), ${userId}::int)`.execute(trx);
      const row = await trx
        .selectFrom('group_join_requests')
        .select([
          sql<number>`count(*) filter (where status = 'pending')`.as('pending'),
          sql<number>`count(*) filter (where created_at > now() - interval '1 day')`.as('today'),
          sql<Date | null>`min(created_at) filter (where created_at > now() - interval '1 day')`.as('oldest'),
        ])
        .where('user_id', '=', userId)
        .where(sql<boolean>`(status = 'pending' or created_at > now() - interval '1 day')`)
        .executeTakeFirstOrThrow();
      return { pending: Number(row.pending), today: Number(row.today), oldestToday: row.oldest };
    },

    async insertJoinRequest(
      trx: Transaction<DB>,
      groupId: number,
      userId: number,
      message: string | null = null,
    ): Promise<void> {
      await trx
        .insertInto('group_join_requests')
        .values({ group_id: groupId, user_id: userId, message })
        .execute();
    },

    cancelJoinRequest(trx: Transaction<DB>, groupId: number, userId: number): Promise<void> {
      return closePendingRequest(trx, groupId, userId, 'cancelled');
    },

    /** The user's latest request to join the group, whatever became of it. */
    latestJoinRequest(trx: Transaction<DB>, groupId: number, userId: number) {
      return trx
        .selectFrom('group_join_requests')
        .select(['id', 'status'])
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    async decideJoinRequest(
      trx: Transaction<DB>,
      requestId: number,
      approve: boolean,
      note: string | null = null,
    ): Promise<void> {
      await trx
        .updateTable('group_join_requests')
        .set({ status: approve ? 'approved' : 'rejected', decided_at: new Date(), note })
        .where('id', '=', requestId)
        .execute();
    },

    addMember,

    async removeMember(trx: Transaction<DB>, groupId: number, userId: number) {
      await trx
        .deleteFrom('group_members')
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .execute();
      return trx
        .updateTable('group_projects')
        .set({ member_count: sql`member_count - 1` })
        .where('id', '=', groupId)
        .returning('member_count')
        .executeTakeFirstOrThrow();
    },

    /** Bars a removed member from coming back until the owner allows them (removing again refreshes it). */
    async barRemoved(
      trx: Transaction<DB>,
      groupId: number,
      userId: number,
      removedBy: number,
      reason: string | null,
    ): Promise<void> {
      await trx
        .insertInto('group_removals')
        .values({ group_id: groupId, user_id: userId, removed_by: removedBy, reason })
        .onConflict((oc) =>
          oc
            .columns(['group_id', 'user_id'])
            .doUpdateSet({ removed_by: removedBy, reason, removed_at: new Date() }),
        )
        .execute();
    },

    /** Lifts the bar on `login`; answers who it was, or undefined when they were not barred. */
    allowBack(trx: Transaction<DB>, groupId: number, login: string) {
      return trx
        .deleteFrom('group_removals')
        .using('users')
        .whereRef('users.id', '=', 'group_removals.user_id')
        .where('group_removals.group_id', '=', groupId)
        .where(sql<boolean>`lower(users.login) = lower(${login})`)
        .returning(['users.id', 'users.login'])
        .executeTakeFirst();
    },

    /** The people barred from the group, newest removal first. */
    removedMembers(executor: Executor, groupId: number) {
      return executor
        .selectFrom('group_removals')
        .innerJoin('users', 'users.id', 'group_removals.user_id')
        .select(['users.login', 'users.avatar_url', 'group_removals.removed_at', 'group_removals.reason'])
        .where('group_removals.group_id', '=', groupId)
        .orderBy('group_removals.removed_at', 'desc')
        .orderBy('users.login')
        .execute();
    },

    /** Hands the group to `newOwnerId`, a member: the old owner stays a member. */
    async transferOwnership(
      trx: Transaction<DB>,
      groupId: number,
      oldOwnerId: number,
      newOwnerId: number,
    ): Promise<void> {
      await trx
        .updateTable('group_members')
        .set({ role: sql`case when user_id = ${newOwnerId} then 'owner' else 'member' end` })
        .where('group_id', '=', groupId)
        .where('user_id', 'in', [oldOwnerId, newOwnerId])
        .execute();
      await trx
        .updateTable('group_projects')
        .set({ owner_id: newOwnerId })
        .where('id', '=', groupId)
        .execute();
    },

    /** A member's role in the group (undefined when not a member). */
    membership(executor: Executor, groupId: number, userId: number) {
      return executor
        .selectFrom('group_members')
        .select('role')
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    findUserByLogin(executor: Executor, login: string) {
      return executor
        .selectFrom('users')
        .select(['id', 'login'])
        .where(sql<boolean>`lower(login) = lower(${login})`)
        .executeTakeFirst();
    },
  };
}
