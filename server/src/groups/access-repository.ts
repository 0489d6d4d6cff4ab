import { sql, type Kysely, type RawBuilder } from 'kysely';
import { blockedSql } from '../platform/db/blocks.js';
import type { DB } from '../platform/db/schema.js';
import type { Executor } from './group-rows.js';
import type { GroupAccess } from './policy.js';

/** The words of a group a shared link's preview shows. */
export interface SharePreviewRow {
  id: number;
  title: string;
  description: string;
  topics: string[];
  member_count: number;
  max_members: number | null;
}

/** The access facts of the groups `where` picks (see `loadAccess`). */
async function selectAccess(
  executor: Executor,
  where: RawBuilder<unknown>,
  userId: number | null,
  lock: RawBuilder<unknown>,
): Promise<GroupAccess[]> {
  const query = sql<{
    id: number;
    visibility: GroupAccess['visibility'];
    hidden: boolean;
    full: boolean;
    status: GroupAccess['status'];
    owner_id: number;
    member_count: number;
    role: GroupAccess['role'];
    blocked_by_owner: boolean;
  }>`
    select g.id, g.visibility, g.hidden_at is not null as hidden,
      coalesce(g.member_count >= g.max_members, false) as full, g.status,
      g.owner_id, g.member_count,
      coalesce(
        m.role,
        case
          when exists (select 1 from group_removals x where x.group_id = g.id and x.user_id = ${userId})
          then 'removed'
          when exists (
            select 1 from group_join_requests r
            where r.group_id = g.id and r.user_id = ${userId} and r.status = 'pending'
          ) then 'requester'
        end,
        'none'
      ) as role,
      ${blockedSql(sql.ref('g.owner_id'), sql.val(userId))} as blocked_by_owner
    from group_projects g
    left join group_members m on m.group_id = g.id and m.user_id = ${userId}
    where ${where}
    ${lock}
  `;
  const { rows } = await query.execute(executor);
  return rows.map((row) => ({
    groupId: row.id,
    visibility: row.visibility,
    hidden: row.hidden,
    full: row.full,
    status: row.status,
    ownerId: row.owner_id,
    memberCount: row.member_count,
    role: row.role,
    blockedByOwner: row.blocked_by_owner,
  }));
}

/** The access loader: what every decision about a group reads first (see policy.ts). */
export function createAccessRepository(db: Kysely<DB>) {
  return {
    /**
     * What a shared link's preview needs of one group, by its primary key: the access facts the policy decides
     * on (with nobody signed in) and the words it shows.
     */
    async sharePreview(id: number): Promise<{ access: GroupAccess; row: SharePreviewRow } | null> {
      const row = await db
        .selectFrom('group_projects')
        .select([
          'id',
          'title',
          'description',
          'topics',
          'visibility',
          'member_count',
          'max_members',
          'owner_id',
          'status',
        ])
        .select(sql<boolean>`hidden_at is not null`.as('hidden'))
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const access: GroupAccess = {
        groupId: row.id,
        visibility: row.visibility,
        hidden: row.hidden,
        full: row.max_members !== null && row.member_count >= row.max_members,
        ownerId: row.owner_id,
        memberCount: row.member_count,
        role: 'none',
        status: row.status,
      };
      return { access, row };
    },

    /**
     * Everything a policy decision about one group needs, in one query: its visibility, whether it is hidden or
     * full, its owner, and the caller's role (member, owner, pending requester or none). `lock` first takes the
     * group's row for the rest of the transaction (a statement of its own, see below): `update` for membership changes and deletion (one at a time per
     * group), `key share` for work that must not outlive the group (a post): it waits for a deletion in progress
     * and then finds no group, but never waits for a join or a save.
     */
    async loadAccess(
      executor: Executor,
      groupId: number,
      userId: number | null,
      lock: 'update' | 'key share' | null = null,
    ): Promise<GroupAccess | null> {
      if (lock) {
        // Lock first, read after, in two statements. Under READ COMMITTED a statement that waits for a row lock
        // re-checks only that row when it gets it; the rest of what it read (the caller's membership and
        // requests) would still be as before the wait, so two concurrent requests to join would both see none
        // pending. A statement begun after the lock is held sees what the previous holder committed.
        const locked = await sql`
          select id from group_projects where id = ${groupId}
          ${lock === 'update' ? sql`for update` : sql`for key share`}
        `.execute(executor);
        if (locked.rows.length === 0) return null;
      }
      const [access] = await selectAccess(executor, sql`g.id = ${groupId}`, userId, sql``);
      return access ?? null;
    },

    /** `loadAccess` for several groups at once, without locks (the viewer blocks of a list's cards). */
    loadAccessMany(executor: Executor, groupIds: readonly number[], userId: number | null) {
      return selectAccess(executor, sql`g.id = any(${sql.val([...groupIds])}::int8[])`, userId, sql``);
    },
  };
}
