import {
  DEFAULT_LIST_STATUSES,
  GROUP_PAGE_SIZE,
  type GroupStatus,
  type GroupSortField,
  type SkillLevel,
  type SortOrder,
  type Visibility,
} from '@openlfg/contracts';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
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
import { listable, selectGroup, type GroupRow } from './group-rows.js';

export interface GroupListQuery {
  /** Groups for you (`match`) is ranked by match-repository.ts, which shares the filters below. */
  sortField: Exclude<GroupSortField, 'match'>;
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

type IndexedSort = Exclude<GroupSortField, 'relevance' | 'match'>;

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
export function applyFilters<O>(
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

/** The public list of groups: how many match a filter, and one page of them. */
export function createListRepository(db: Kysely<DB>) {
  return {
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
  };
}
