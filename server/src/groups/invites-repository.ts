import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

const inviteColumns = [
  'id',
  'group_id',
  'secret_hash',
  'secret_sealed',
  'created_at',
  'expires_at',
  'max_uses',
  'uses',
  'revoked_at',
] as const;

/** A link that still lets someone in: not revoked, not expired, uses left. */
function usable(eb: ExpressionBuilder<DB, 'group_invites'>) {
  return eb.and([
    eb('revoked_at', 'is', null),
    eb('expires_at', '>', sql<Date>`now()`),
    eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]),
  ]);
}

/** All SQL of invite links and of what an owner reads beside a join request. */
export function createInvitesRepository(db: Kysely<DB>) {
  return {
    db,

    async insertInvite(
      executor: Executor,
      values: {
        groupId: number;
        createdBy: number;
        secretHash: string;
        secretSealed: string;
        expiresAt: Date;
        maxUses: number | null;
      },
    ) {
      return executor
        .insertInto('group_invites')
        .values({
          group_id: values.groupId,
          created_by: values.createdBy,
          secret_hash: values.secretHash,
          secret_sealed: values.secretSealed,
          expires_at: values.expiresAt,
          max_uses: values.maxUses,
        })
        .returning(inviteColumns)
        .executeTakeFirstOrThrow();
    },

    findInvite(executor: Executor, inviteId: number) {
      return executor
        .selectFrom('group_invites')
        .select(inviteColumns)
        .where('id', '=', inviteId)
        .executeTakeFirst();
    },

    /** The group's links that still let someone in: not revoked, not expired, uses left. Newest first. */
    activeInvites(executor: Executor, groupId: number) {
      return executor
        .selectFrom('group_invites')
        .select(inviteColumns)
        .where('group_id', '=', groupId)
        .where(usable)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Takes one use of the link if it is still usable, in one statement: of two callers racing for its last
     * use, the second waits for the first's row lock, re-checks the condition on the updated row and takes
     * nothing. Answers whether a use was taken.
     */
    async takeUse(trx: Transaction<DB>, inviteId: number): Promise<boolean> {
      const taken = await trx
        .updateTable('group_invites')
        .set({ uses: sql`uses + 1` })
        .where('id', '=', inviteId)
        .where(usable)
        .returning('id')
        .executeTakeFirst();
      return taken !== undefined;
    },

    /** Revokes the group's link; answers false when the group has no such link. Revoking twice is harmless. */
    async revoke(executor: Executor, groupId: number, inviteId: number): Promise<boolean> {
      const row = await executor
        .updateTable('group_invites')
        .set({ revoked_at: sql`coalesce(revoked_at, now())` })
        .where('id', '=', inviteId)
        .where('group_id', '=', groupId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The group's title, for the invite page's preview. */
    async groupTitle(executor: Executor, groupId: number): Promise<string | undefined> {
      const row = await executor
        .selectFrom('group_projects')
        .select('title')
        .where('id', '=', groupId)
        .executeTakeFirst();
      return row?.title;
    },

    /** Whether the user (by login, any case) has a pending request to join the group. */
    async hasPendingRequest(executor: Executor, groupId: number, login: string): Promise<boolean> {
      const row = await executor
        .selectFrom('group_join_requests')
        .innerJoin('users', 'users.id', 'group_join_requests.user_id')
        .select('group_join_requests.id')
        .where('group_join_requests.group_id', '=', groupId)
        .where('group_join_requests.status', '=', 'pending')
        .where(sql<boolean>`lower(users.login) = lower(${login})`)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type InvitesRepository = ReturnType<typeof createInvitesRepository>;
