import {
  discussionRoom,
  GROUP_PAGE_SIZE,
  type GroupSortField,
  type SkillLevel,
  type SortOrder,
  type Visibility,
} from '@openlfg/contracts';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

export interface GroupListQuery {
  sortField: GroupSortField;
  order: SortOrder;
  topics: string[];
  skillLevels: SkillLevel[];
  visibility: Visibility | null;
  datePostedDays: number | null;
}

type Executor = Kysely<DB> | Transaction<DB>;

function orderTerms(sortField: GroupSortField, order: SortOrder, reversed = false): RawBuilder<unknown>[] {
  const ascending = (order === 'ASC') !== reversed;
  const column = sortField === 'saves' ? sql`group_projects.saves` : sql`group_projects.date_posted`;
  return [
    sql`${column} ${ascending ? sql`asc` : sql`desc`}`,
    sql`group_projects.id ${reversed ? sql`desc` : sql`asc`}`,
  ];
}

function applyFilters<O>(query: SelectQueryBuilder<DB, 'group_projects', O>, filters: GroupListQuery) {
  // A group a moderator hid is in no list.
  let q = query.where('group_projects.hidden_at', 'is', null);
  if (filters.topics.length > 0)
    q = q.where(sql<boolean>`group_projects.topics @> ${sql.val(filters.topics)}::text[]`);
  if (filters.skillLevels.length > 0) q = q.where('group_projects.skill_level', 'in', filters.skillLevels);
  if (filters.visibility) q = q.where('group_projects.visibility', '=', filters.visibility);
  if (filters.datePostedDays !== null) {
    q = q.where(
      sql<boolean>`group_projects.date_posted >= now() - make_interval(days => ${filters.datePostedDays}::int)`,
    );
  }
  return q;
}

/** The columns every group answer needs, with its owner. */
function selectGroup(db: Executor) {
  return db
    .selectFrom('group_projects')
    .innerJoin('users as owner', 'owner.id', 'group_projects.owner_id')
    .selectAll('group_projects')
    .select(['owner.login as owner_login', 'owner.avatar_url as owner_avatar_url']);
}

export type GroupRow = Awaited<ReturnType<ReturnType<typeof selectGroup>['executeTakeFirstOrThrow']>>;

export function createGroupsRepository(db: Kysely<DB>) {
  return {
    db,

    async count(filters: GroupListQuery): Promise<number> {
      const row = await applyFilters(db.selectFrom('group_projects'), filters)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** One page, as for projects: ids from the sort index, walked from the nearer end, then the rows. */
    async page(filters: GroupListQuery, page: number, total: number): Promise<GroupRow[]> {
      const offset = (page - 1) * GROUP_PAGE_SIZE;
      const size = Math.min(GROUP_PAGE_SIZE, total - offset);
      if (size <= 0) return [];
      const reversed = offset > total / 2;
      let ids = applyFilters(db.selectFrom('group_projects'), filters).select('group_projects.id');
      for (const term of orderTerms(filters.sortField, filters.order, reversed)) ids = ids.orderBy(term);
      ids = ids.limit(size).offset(reversed ? total - offset - size : offset);
      let rows = selectGroup(db).innerJoin(ids.as('page'), 'page.id', 'group_projects.id');
      for (const term of orderTerms(filters.sortField, filters.order)) rows = rows.orderBy(term);
      return rows.execute();
    },

    findGroup(executor: Executor, id: number) {
      return selectGroup(executor).where('group_projects.id', '=', id).executeTakeFirst();
    },

    /** Locks the group row for the rest of the transaction: membership changes to one group run one at a time. */
    lockGroup(trx: Transaction<DB>, id: number) {
      return trx.selectFrom('group_projects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /**
     * Deletes the group with everything attached to it, its discussion board's messages included. Call it in a
     * transaction that holds the group's row (lockGroup): the creator's deletion and a moderator's share it.
     */
    async deleteGroup(trx: Transaction<DB>, groupId: number): Promise<void> {
      await trx.deleteFrom('messages').where('room', '=', discussionRoom(groupId)).execute();
      await trx.deleteFrom('group_saves').where('group_id', '=', groupId).execute();
      await trx.deleteFrom('group_join_requests').where('group_id', '=', groupId).execute();
      await trx.deleteFrom('group_members').where('group_id', '=', groupId).execute();
      await trx.deleteFrom('group_projects').where('id', '=', groupId).execute();
    },

    async roleOf(executor: Executor, groupId: number, userId: number) {
      const member = await executor
        .selectFrom('group_members')
        .select('role')
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (member) return member.role;
      const pending = await executor
        .selectFrom('group_join_requests')
        .select('id')
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return pending ? ('requester' as const) : ('none' as const);
    },

    members(executor: Executor, groupId: number) {
      return executor
        .selectFrom('group_members')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .select(['users.login', 'users.avatar_url', 'group_members.role', 'group_members.joined_at'])
        .where('group_members.group_id', '=', groupId)
        .orderBy(sql`group_members.role = 'owner'`, 'desc')
        .orderBy('group_members.joined_at')
        .execute();
    },

    async addMember(trx: Transaction<DB>, groupId: number, userId: number, role: 'owner' | 'member') {
      await trx.insertInto('group_members').values({ group_id: groupId, user_id: userId, role }).execute();
      // A member is never also a pending requester of the same group.
      await trx
        .updateTable('group_join_requests')
        .set({ status: 'approved', decided_at: new Date() })
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .execute();
      return trx
        .updateTable('group_projects')
        .set({ member_count: sql`member_count + 1` })
        .where('id', '=', groupId)
        .returning('member_count')
        .executeTakeFirstOrThrow();
    },

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

    findUserByLogin(executor: Executor, login: string) {
      return executor
        .selectFrom('users')
        .select(['id', 'login'])
        .where(sql<boolean>`lower(login) = lower(${login})`)
        .executeTakeFirst();
    },

    groupsOf(userId: number) {
      return (
        selectGroup(db)
          .innerJoin('group_members as mine', 'mine.group_id', 'group_projects.id')
          .select('mine.role as my_role')
          .where('mine.user_id', '=', userId)
          // A hidden group stays in its owner's list only.
          .where((eb) => eb.or([eb('group_projects.hidden_at', 'is', null), eb('mine.role', '=', 'owner')]))
          .orderBy('group_projects.date_posted', 'desc')
          .orderBy('group_projects.id')
          .execute()
      );
    },

    createdBy(userId: number) {
      return selectGroup(db)
        .where('group_projects.owner_id', '=', userId)
        .orderBy('group_projects.date_posted', 'desc')
        .orderBy('group_projects.id')
        .execute();
    },

    savedBy(userId: number) {
      return selectGroup(db)
        .innerJoin('group_saves', 'group_saves.group_id', 'group_projects.id')
        .where('group_saves.user_id', '=', userId)
        .where('group_projects.hidden_at', 'is', null)
        .orderBy('group_saves.created_at', 'desc')
        .orderBy('group_projects.id')
        .execute();
    },

    myPendingRequests(userId: number) {
      return db
        .selectFrom('group_join_requests')
        .innerJoin('group_projects', 'group_projects.id', 'group_join_requests.group_id')
        .select(['group_projects.id as group_id', 'group_projects.title', 'group_join_requests.created_at'])
        .where('group_join_requests.user_id', '=', userId)
        .where('group_join_requests.status', '=', 'pending')
        .where('group_projects.hidden_at', 'is', null)
        .orderBy('group_join_requests.created_at', 'desc')
        .execute();
    },

    pendingOnGroupsOwnedBy(userId: number) {
      return db
        .selectFrom('group_join_requests')
        .innerJoin('group_projects', 'group_projects.id', 'group_join_requests.group_id')
        .innerJoin('users', 'users.id', 'group_join_requests.user_id')
        .select([
          'group_projects.id as group_id',
          'group_projects.title',
          'users.login',
          'users.avatar_url',
          'group_join_requests.created_at',
        ])
        .where('group_projects.owner_id', '=', userId)
        .where('group_join_requests.status', '=', 'pending')
        .orderBy('group_join_requests.created_at')
        .execute();
    },
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
