import type { ProjectSortField, SortOrder } from '@openlfg/contracts';
import { sql, type RawBuilder } from 'kysely';
import { bucketOf } from '../platform/db/sort-buckets.js';
import { exactly, searchScore, type SearchColumns } from '../platform/db/text-search.js';
import type { SearchQuery } from '../platform/search-query.js';

// The order a project list is read in: its sort's columns, buckets and tie-breaks, or Best match's ranking.

/**
 * The orders a list is read in: the sorts a user picks, among them the one a figure sort falls back to when
 * no matching project has that figure (most beginner issues first).
 */
export type ListOrder = ProjectSortField;

export interface ListQuery {
  sortField: ListOrder;
  order: SortOrder;
  topics: string[];
  languages: string[];
  showNew: boolean;
  search: SearchQuery | null;
}

/** Where a project list's search looks: the weighted words and the name. */
export const searchColumns: SearchColumns = { words: sql`projects.search`, name: sql`projects.name` };

/**
 * Best match: the exact owner/name first, then exact names, then by score (words' weights and the name's
 * closeness), the better known project (stars) and the id breaking ties.
 */
function relevanceTerms(search: SearchQuery): RawBuilder<unknown>[] {
  return [
    sql`${exactly(sql`projects.repo_ext`, search)} desc`,
    sql`${exactly(sql`projects.name`, search)} desc`,
    sql`${searchScore(searchColumns, search)} desc`,
    sql`projects.stars desc nulls last`,
    sql`projects.id asc`,
  ];
}

/** The sort column of each order; the numeric sorts are cut into buckets (platform/db/sort-buckets.ts). */
const sortColumns = {
  contributors: sql`projects.contributors`,
  name: sql`lower(projects.name)`,
  used_by: sql`projects.used_by`,
  saves: sql`projects.saves`,
  beginner_issues: sql`projects.beginner_issues`,
};

/**
 * The bucket term that leads a sort's order and index: the numeric sorts' by value, the name sort's the
 * project's `name_bucket` (migration 0020), negated for a descending order; none for beginner issues, read
 * through `projects_beginner_issues_desc_idx` (migration 0011) from its nearer end.
 */
export function sortBucket(
  sortField: Exclude<ListOrder, 'relevance'>,
  order: SortOrder,
): RawBuilder<number> | null {
  if (sortField === 'beginner_issues') return null;
  if (sortField === 'name') {
    return order === 'DESC' ? sql<number>`(-projects.name_bucket)` : sql<number>`projects.name_bucket`;
  }
  return bucketOf(sortColumns[sortField], order === 'DESC');
}

/**
 * ORDER BY for each sort, matching the indexes of migrations 0011, 0012 and 0020 exactly: the bucket first (the
 * same order, since buckets follow values and names), nulls last whatever the direction, the id as the stable
 * tie-break, so a page never repeats or skips a project.
 */
function orderTerms(
  sortField: Exclude<ListOrder, 'relevance'>,
  order: SortOrder,
  reversed = false,
  byIndex = true,
): RawBuilder<unknown>[] {
  const ascending = (order === 'ASC') !== reversed;
  const column = sortColumns[sortField];
  const bucket = byIndex ? sortBucket(sortField, order) : null;
  const lead = bucket ? [sql`${bucket} ${reversed ? sql`desc` : sql`asc`}`] : [];
  // Reversed, the same order read from the other end: the same index, scanned backwards.
  return reversed
    ? [...lead, sql`${column} ${ascending ? sql`asc` : sql`desc`} nulls first`, sql`projects.id desc`]
    : [...lead, sql`${column} ${ascending ? sql`asc` : sql`desc`} nulls last`, sql`projects.id asc`];
}

/**
 * The list's order; a page past the middle of a sort with an index reads it backwards (see `page`). The new
 * projects are read through their own index (`projects_new_since_idx`, migration 0020, which carries the sort
 * columns) and sorted as read: a few hundred or thousand rows, whose order needs no bucket (buckets follow
 * values), and computing a bucket for each of them cost a quarter of a millisecond of a deep page's 1.2.
 */
export function listOrder(filters: ListQuery, reversed = false): RawBuilder<unknown>[] {
  if (filters.sortField !== 'relevance') {
    return orderTerms(filters.sortField, filters.order, reversed, !filters.showNew);
  }
  // The service refuses Best match without a search.
  return filters.search ? relevanceTerms(filters.search) : orderTerms('name', 'ASC');
}
