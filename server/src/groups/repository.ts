import {
  DECIDED_REQUEST_KEEP_DAYS,
  DEFAULT_LIST_STATUSES,
  discussionRoom,
  GROUP_PAGE_SIZE,
  type GroupStatus,
  type GroupSortField,
  type SkillLevel,
  type SortOrder,
  type Visibility,
} from '@openlfg/contracts';
import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Updateable,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import { writeAudit } from '../platform/db/audit-log.js';
import type { DB } from '../platform/db/schema.js';
import { bucketOf, bucketStart, DEEP_WALK_ROWS } from '../platform/db/sort-buckets.js';
import {
  exactly,
  searchInTurn,
  searchMatch,
  searchScore,
  type MatchMode,
  type SearchColumns,
  type SearchMatch,
} from '../platform/db/text-search.js';
import type { SearchQuery } from '../platform/search-query.js';
import type { GroupAccess } from './policy.js';

export interface GroupListQuery {
  sortField: GroupSortField;
  order: SortOrder;
  topics: string[];
  skillLevels: SkillLevel[];
  visibility: Visibility | null;
  /** Sorted, never empty: the list's default is open and full groups. */
  statuses: GroupStatus[];
  datePostedDays: number | null;
  search: SearchQuery | null;
}

/** How many groups a list has, and how its search matched (its pages read the same way). */
export interface GroupListCounts {
  total: number;
  match: SearchMatch;
}

/** Whether a list asks for the default statuses (open and full), the list its sort buckets count. */
const isDefaultStatuses = (statuses: readonly GroupStatus[]) =>
  statuses.length === DEFAULT_LIST_STATUSES.length &&
  DEFAULT_LIST_STATUSES.every((s) => statuses.includes(s));

/** The status as lists show it (migration 0016's `group_list_status`: an open group at capacity is full). */
const listStatus = sql<GroupStatus>`group_list_status(group_projects.status, group_projects.member_count, group_projects.max_members)`;

/** The stored statuses behind the statuses a list shows (open and full groups are both stored `open`). */
const storedStatuses = (statuses: readonly GroupStatus[]) => [
  ...new Set(statuses.map((status) => (status === 'full' ? 'open' : status))),
];

type Executor = Kysely<DB> | Transaction<DB>;

const searchColumns: SearchColumns = { words: sql`group_projects.search`, name: sql`group_projects.title` };

/** Best match: exact titles (or owner/name of the repository) first, then by score, the newest breaking ties. */
function relevanceTerms(search: SearchQuery): RawBuilder<unknown>[] {
  return [
    sql`${exactly(sql`group_projects.title`, search)} desc`,
    sql`coalesce(${exactly(sql`group_projects.repo_ext`, search)}, false) desc`,
    sql`${searchScore(searchColumns, search)} desc`,
    sql`group_projects.date_posted desc`,
    sql`group_projects.id asc`,
  ];
}

/** The list's order; a page past the middle of a sort with an index reads it backwards (see `page`). */
function listOrder(filters: GroupListQuery, reversed = false): RawBuilder<unknown>[] {
  if (filters.sortField !== 'relevance') return orderTerms(filters.sortField, filters.order, reversed);
  // The service refuses Best match without a search.
  return filters.search ? relevanceTerms(filters.search) : orderTerms('date_posted', 'DESC');
}

type IndexedSort = Exclude<GroupSortField, 'relevance'>;

/** The bucket term that leads each sort's order and index (a day for dates; platform/db/sort-buckets.ts). */
function sortBucket(sortField: IndexedSort, order: SortOrder): RawBuilder<number> {
  if (sortField === 'saves') return bucketOf(sql`group_projects.saves`, order === 'DESC');
  return order === 'DESC'
    ? sql<number>`(-list_sort_day(group_projects.date_posted))`
    : sql<number>`list_sort_day(group_projects.date_posted)`;
}

/** ORDER BY for each sort, as its index (migration 0012): the bucket, the column, the id as the tie-break. */
function orderTerms(sortField: IndexedSort, order: SortOrder, reversed = false): RawBuilder<unknown>[] {
  const ascending = (order === 'ASC') !== reversed;
  const column = sortField === 'saves' ? sql`group_projects.saves` : sql`group_projects.date_posted`;
  return [
    sql`${sortBucket(sortField, order)} ${reversed ? sql`desc` : sql`asc`}`,
    sql`${column} ${ascending ? sql`asc` : sql`desc`}`,
    sql`group_projects.id ${reversed ? sql`desc` : sql`asc`}`,
  ];
}

/**
 * The facets of `list_sort_buckets` that add up to the filtered list, or null when its buckets are not counted
 * (a search, a topic, a date window, or both a skill level and a visibility).
 */
function bucketFacets(filters: GroupListQuery): string[] | null {
  if (filters.search || filters.topics.length > 1 || filters.datePostedDays !== null) return null;
  // The buckets count the default list only (open and full groups, migration 0016).
  if (!isDefaultStatuses(filters.statuses)) return null;
  const [topic] = filters.topics;
  // A topic's buckets (migration 0020) count all of its groups: not with another facet.
  if (topic !== undefined) {
    return filters.skillLevels.length === 0 && filters.visibility === null ? [`topic=${topic}`] : null;
  }
  if (filters.skillLevels.length > 0 && filters.visibility !== null) return null;
  if (filters.skillLevels.length > 0) return filters.skillLevels.map((level) => `skill=${level}`);
  return filters.visibility !== null ? [`visibility=${filters.visibility}`] : [''];
}

/**
 * The SQL form of the policy's `read-card` rule, the one filter every list applies: a group a moderator hid is
 * in no list, except its owner's own lists when `ownerId` says whose they are.
 */
function listable(eb: ExpressionBuilder<DB, 'group_projects'>, ownerId: number | null = null) {
  const notHidden = eb('group_projects.hidden_at', 'is', null);
  return ownerId === null ? notHidden : eb.or([notHidden, eb('group_projects.owner_id', '=', ownerId)]);
}

function applyFilters<O>(
  query: SelectQueryBuilder<DB, 'group_projects', O>,
  filters: GroupListQuery,
  mode: MatchMode = 'words',
) {
  let q = query.where((eb) => listable(eb));
  if (filters.search) q = q.where(searchMatch(searchColumns, filters.search, mode));
  if (filters.topics.length > 0)
    q = q.where(sql<boolean>`group_projects.topics @> ${sql.val(filters.topics)}::text[]`);
  if (filters.skillLevels.length > 0) q = q.where('group_projects.skill_level', 'in', filters.skillLevels);
  if (filters.visibility) q = q.where('group_projects.visibility', '=', filters.visibility);
  // The stored status is in the sort indexes (the default list reads them alone); full or not needs the row.
  q = q.where('group_projects.status', 'in', storedStatuses(filters.statuses));
  if (!isDefaultStatuses(filters.statuses) && filters.statuses.some((s) => s === 'open' || s === 'full')) {
    q = q.where(sql<boolean>`${listStatus} = any(${sql.val(filters.statuses)}::text[])`);
  }
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

/** The words of a group a shared link's preview shows. */
export interface SharePreviewRow {
  id: number;
  title: string;
  description: string;
  topics: string[];
  member_count: number;
  max_members: number | null;
}

export type GroupRow = Awaited<ReturnType<ReturnType<typeof selectGroup>['executeTakeFirstOrThrow']>>;

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
async function addMember(trx: Transaction<DB>, groupId: number, userId: number, role: 'owner' | 'member') {
  await trx.insertInto('group_members').values({ group_id: groupId, user_id: userId, role }).execute();
  await closePendingRequest(trx, groupId, userId, 'approved');
  return trx
    .updateTable('group_projects')
    .set({ member_count: sql`member_count + 1` })
    .where('id', '=', groupId)
    .returning('member_count')
    .executeTakeFirstOrThrow();
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
      ) as role
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
  }));
}

export function createGroupsRepository(db: Kysely<DB>) {
  return {
    db,

    /**
     * How many listable groups match, exactly: with no search, at most one topic and no date window, a sum over
     * the maintained counts (migration 0012, at most eight rows); a date window over facets whose sort buckets
     * are counted, from those (the days after its first) and its first day's rows; otherwise `count(*)` over
     * the indexes. With how its search matched, which its pages read with (platform/db/text-search.ts).
     */
    async count(filters: GroupListQuery): Promise<GroupListCounts> {
      const plain: SearchMatch = { mode: 'words', search: null };
      if (!filters.search && filters.topics.length <= 1 && filters.datePostedDays === null) {
        const row = await db
          .selectFrom('group_list_counts')
          .select(sql<number>`coalesce(sum(groups), 0)`.as('count'))
          .where('topic', '=', filters.topics[0] ?? '')
          .$if(filters.skillLevels.length > 0, (q) => q.where('skill_level', 'in', filters.skillLevels))
          .$if(filters.visibility !== null, (q) => q.where('visibility', '=', filters.visibility ?? ''))
          .where('status', 'in', filters.statuses)
          .executeTakeFirstOrThrow();
        return { total: Number(row.count), match: plain };
      }
      const windowFacets =
        filters.datePostedDays !== null ? bucketFacets({ ...filters, datePostedDays: null }) : null;
      if (windowFacets) {
        // A date window over counted facets: the day buckets after the window's first day, counted, and that
        // day's rows in the window, walked (a day's worth, on the date index); `now()` is one moment throughout.
        const firstDay = sql`list_sort_day(now() - make_interval(days => ${filters.datePostedDays}::int))`;
        const firstDayRows = applyFilters(db.selectFrom('group_projects'), filters)
          .where(sql<boolean>`group_projects.date_posted < to_timestamp((${firstDay} + 1) * 86400)`)
          .select((eb) => eb.fn.countAll<number>().as('n'));
        const { rows } = await sql<{ count: number }>`
          select (select coalesce(sum(n), 0) from list_sort_buckets
                  where list = 'groups.date_posted' and facet = any(${sql.val(windowFacets)}::text[])
                    and bucket > ${firstDay})
                 + (${firstDayRows}) as count`.execute(db);
        return { total: Number(rows[0]?.count ?? 0), match: plain };
      }
      const { answer, match } = await searchInTurn(
        db,
        'groups',
        filters.search,
        async ({ mode, search }) => {
          const row = await applyFilters(db.selectFrom('group_projects'), { ...filters, search }, mode)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow();
          return Number(row.count);
        },
        (count) => count > 0,
      );
      return { total: answer, match };
    },

    /**
     * One page, as for projects: ids from the sort index, walked from the nearer end, then the rows; deep in
     * a list whose buckets are counted, from the page's bucket.
     */
    async page(
      filters: GroupListQuery,
      page: number,
      total: number,
      match: SearchMatch,
    ): Promise<GroupRow[]> {
      const offset = (page - 1) * GROUP_PAGE_SIZE;
      const size = Math.min(GROUP_PAGE_SIZE, total - offset);
      if (size <= 0) return [];
      // Best match has no index to read backwards: its matches are ranked whole either way.
      const reversed = offset > total / 2 && filters.sortField !== 'relevance';
      const walk = reversed ? total - offset - size : offset;
      const sortField = filters.sortField;
      // A date window of the newest-first list is that list's first rows: a page `offset` rows into the window
      // is `offset` rows into the whole list, whose buckets are counted.
      const newestWindow =
        filters.datePostedDays !== null && sortField === 'date_posted' && filters.order === 'DESC';
      const deep =
        sortField !== 'relevance' && walk >= DEEP_WALK_ROWS
          ? bucketFacets(newestWindow ? { ...filters, datePostedDays: null } : filters)
          : null;
      // The CTE `start` that a deep walk reads (typed as the plain database: only raw SQL refers to it).
      const from = deep
        ? (db.with('start', () =>
            bucketStart({
              list: `groups.${sortField}`,
              facets: deep,
              descending: filters.order === 'DESC',
              offset,
            }),
          ) as unknown as Kysely<DB>)
        : db;
      const read = ({ mode, search }: SearchMatch) => {
        const matched = { ...filters, search };
        let ids = applyFilters(db.selectFrom('group_projects'), matched, mode).select('group_projects.id');
        for (const term of listOrder(matched, reversed && !deep)) ids = ids.orderBy(term);
        ids =
          deep && sortField !== 'relevance'
            ? ids
                .where(sql<boolean>`${sortBucket(sortField, filters.order)} >= (select pos from start)`)
                .limit(size)
                .offset(sql<number>`(select skip from start)`)
            : ids.limit(size).offset(walk);
        let rows = selectGroup(from).innerJoin(ids.as('page'), 'page.id', 'group_projects.id');
        for (const term of listOrder(matched)) rows = rows.orderBy(term);
        return rows.execute();
      };
      return read(match);
    },

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

    findGroup(executor: Executor, id: number) {
      return selectGroup(executor).where('group_projects.id', '=', id).executeTakeFirst();
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

    /** Inserts a group with its creator as owner and first member; answers its id. */
    async insertGroup(trx: Transaction<DB>, values: Insertable<DB['group_projects']>): Promise<number> {
      const { id } = await trx
        .insertInto('group_projects')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      await addMember(trx, id, values.owner_id, 'owner');
      return id;
    },

    /** Writes the owner's edit of the group's fields and marks it edited now. */
    async updateGroup(
      trx: Transaction<DB>,
      groupId: number,
      values: Updateable<DB['group_projects']>,
    ): Promise<void> {
      await trx
        .updateTable('group_projects')
        .set({ ...values, edited_at: new Date() })
        .where('id', '=', groupId)
        .execute();
    },

    /**
     * Saves or unsaves the group for the user and keeps the group's counter exact: the counter moves only when
     * the save row changed, so repeats and races count once. Answers whether it changed and the count.
     */
    async setSaved(trx: Transaction<DB>, groupId: number, userId: number, saved: boolean) {
      const changed = saved
        ? await trx
            .insertInto('group_saves')
            .values({ user_id: userId, group_id: groupId })
            .onConflict((oc) => oc.columns(['user_id', 'group_id']).doNothing())
            .returning('group_id')
            .executeTakeFirst()
        : await trx
            .deleteFrom('group_saves')
            .where('user_id', '=', userId)
            .where('group_id', '=', groupId)
            .returning('group_id')
            .executeTakeFirst();
      const row = changed
        ? await trx
            .updateTable('group_projects')
            .set({ saves: sql`saves + ${saved ? 1 : -1}` })
            .where('id', '=', groupId)
            .returning('saves')
            .executeTakeFirstOrThrow()
        : await trx
            .selectFrom('group_projects')
            .select('saves')
            .where('id', '=', groupId)
            .executeTakeFirstOrThrow();
      return { changed: changed !== undefined, saves: row.saves };
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

    /** Files a report; answers false when this user already has an open report on the group. */
    async insertReport(
      groupId: number,
      groupTitle: string,
      reporterId: number,
      reason: string,
    ): Promise<boolean> {
      const inserted = await db
        .insertInto('group_reports')
        .values({ group_id: groupId, group_title: groupTitle, reporter_id: reporterId, reason })
        .onConflict((oc) => oc.columns(['group_id', 'reporter_id']).where('status', '=', 'open').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
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

    /**
     * Closes the open reports on a group its owner is deleting (outcome `deleted-by-owner`: nothing is left for
     * a moderator to decide) and records it in the audit log, in the deleting transaction. Answers how many.
     */
    async closeReportsOnOwnerDeletion(
      trx: Transaction<DB>,
      group: { id: number; title: string },
      owner: { id: number; login: string },
    ): Promise<number> {
      const closed = await trx
        .updateTable('group_reports')
        .set({ status: 'actioned', outcome: 'deleted-by-owner', closed_at: new Date() })
        .where('group_id', '=', group.id)
        .where('status', '=', 'open')
        .returning('id')
        .execute();
      if (closed.length > 0) {
        await writeAudit(trx, {
          actor: owner,
          action: 'group.delete-by-owner',
          objectType: 'group_project',
          objectId: group.id,
          details: { reportsClosed: closed.length, title: group.title },
        });
      }
      return closed.length;
    },

    /** Records an owner's action on another member (a removal, a hand-over) in the audit log. */
    auditOwnerAction(
      trx: Transaction<DB>,
      owner: { id: number; login: string },
      action: 'group.remove-member' | 'group.allow-back' | 'group.transfer-ownership',
      group: { id: number; title: string },
      member: string,
      reason: string | null = null,
    ): Promise<void> {
      return writeAudit(trx, {
        actor: owner,
        action,
        objectType: 'group_project',
        objectId: group.id,
        reason,
        details: { title: group.title, member },
      });
    },

    members(executor: Executor, groupId: number) {
      return executor
        .selectFrom('group_members')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .select([
          'users.id',
          'users.login',
          'users.avatar_url',
          'group_members.role',
          'group_members.joined_at',
        ])
        .where('group_members.group_id', '=', groupId)
        .orderBy(sql`group_members.role = 'owner'`, 'desc')
        .orderBy('group_members.joined_at')
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

    /** The owner's status for the group (open, closed or archived). */
    async setStatus(trx: Transaction<DB>, groupId: number, status: GroupAccess['status']): Promise<void> {
      await trx.updateTable('group_projects').set({ status }).where('id', '=', groupId).execute();
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

    /** When each member of the group last posted on its board (members who never did are left out). */
    lastPosts(executor: Executor, groupId: number) {
      return executor
        .selectFrom('messages')
        .innerJoin('group_members', (join) =>
          join
            .onRef('group_members.user_id', '=', 'messages.author_id')
            .on('group_members.group_id', '=', groupId),
        )
        .select(['group_members.user_id', (eb) => eb.fn.max('messages.created_at').as('last_post_at')])
        .where('messages.group_id', '=', groupId)
        .groupBy('group_members.user_id')
        .execute();
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
          .where((eb) => listable(eb, userId))
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
        .where((eb) => listable(eb))
        .orderBy('group_saves.created_at', 'desc')
        .orderBy('group_projects.id')
        .execute();
    },

    /**
     * "My requests": per group, the user's latest request when it is pending, or approved or declined within
     * DECIDED_REQUEST_KEEP_DAYS (asking again after a decline shows the new pending one; cancelled ones go).
     */
    myPendingRequests(userId: number) {
      return db
        .selectFrom((eb) =>
          eb
            .selectFrom('group_join_requests')
            .distinctOn('group_id')
            .select(['group_id', 'status', 'created_at', 'decided_at', 'note'])
            .where('user_id', '=', userId)
            .orderBy('group_id')
            .orderBy('id', 'desc')
            .as('latest'),
        )
        .innerJoin('group_projects', 'group_projects.id', 'latest.group_id')
        .select([
          'group_projects.id as group_id',
          'group_projects.title',
          'latest.created_at',
          'latest.status',
          'latest.decided_at',
          'latest.note',
        ])
        .where((eb) =>
          eb.or([
            eb('latest.status', '=', 'pending'),
            eb.and([
              eb('latest.status', 'in', ['approved', 'rejected']),
              eb(
                'latest.decided_at',
                '>',
                sql<Date>`now() - make_interval(days => ${DECIDED_REQUEST_KEEP_DAYS})`,
              ),
            ]),
          ]),
        )
        .where((eb) => listable(eb))
        .orderBy(sql`coalesce(latest.decided_at, latest.created_at)`, 'desc')
        .execute();
    },

    pendingOnGroupsOwnedBy(userId: number) {
      return (
        db
          .selectFrom('group_join_requests')
          .innerJoin('group_projects', 'group_projects.id', 'group_join_requests.group_id')
          .innerJoin('users', 'users.id', 'group_join_requests.user_id')
          .select([
            'group_projects.id as group_id',
            'group_projects.title',
            'users.login',
            'users.avatar_url',
            'group_join_requests.created_at',
            'group_join_requests.message',
          ])
          .where('group_projects.owner_id', '=', userId)
          .where('group_join_requests.status', '=', 'pending')
          // Only a private group's requests are the owner's to decide: a group made public keeps them (they come
          // back if it turns private again) while its requesters can join directly.
          .where('group_projects.visibility', '=', 'private')
          .orderBy('group_join_requests.created_at')
          .execute()
      );
    },
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
