import { NEW_PROJECT_DAYS, PROJECT_PAGE_SIZE } from '@openlfg/contracts';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { bucketStart, DEEP_WALK_ROWS } from '../platform/db/sort-buckets.js';
import { searchInTurn, searchMatch, type MatchMode, type SearchMatch } from '../platform/db/text-search.js';
import { listOrder, searchColumns, sortBucket, type ListQuery } from './list-order.js';
import { projectCardColumns } from './presenters.js';

/** What the list's count statement reads: how many match, and how many of them have each sortable figure. */
export interface ListCounts {
  total: number;
  /** How many of them have a contributor count, and a used-by count. */
  contributors: number;
  usedBy: number;
  /** When the last catalogue sync that brought figures ended, if one has. */
  lastCatalogueSyncAt: Date | null;
  /** How the list's search matched (platform/db/text-search.ts): its pages are read the same way. */
  match: SearchMatch;
}

function applyFilters<O>(
  query: SelectQueryBuilder<DB, 'projects', O>,
  filters: ListQuery,
  mode: MatchMode = 'words',
) {
  let q = query;
  if (filters.search) q = q.where(searchMatch(searchColumns, filters.search, mode));
  if (filters.topics.length > 0)
    q = q.where(sql<boolean>`projects.topics @> ${sql.val(filters.topics)}::text[]`);
  if (filters.languages.length > 0) q = q.where('projects.language', 'in', filters.languages);
  if (filters.showNew) {
    q = q.where(sql<boolean>`projects.new_since >= now() - make_interval(days => ${NEW_PROJECT_DAYS})`);
  }
  return q;
}

/**
 * Whether `project_list_counts` holds the answer: no search, no time window, and at most one topic (any
 * languages).
 */
function maintainedCount(filters: ListQuery): boolean {
  return filters.search === null && !filters.showNew && filters.topics.length <= 1;
}

/**
 * The facets of `list_sort_buckets` whose rows, added up, are the filtered list, when its counts are kept:
 * every project (''), one topic, or some languages (migrations 0012 and 0020); otherwise null.
 */
function bucketFacets(filters: ListQuery): string[] | null {
  if (!maintainedCount(filters)) return null;
  const [topic] = filters.topics;
  if (topic !== undefined) return filters.languages.length === 0 ? [`topic=${topic}`] : null;
  return filters.languages.length > 0 ? filters.languages.map((l) => `language=${l}`) : [''];
}

// A run that synced nothing (no token, GitHub down) brought no figures: the one before it did.
export const lastSyncAt = sql<Date | null>`(select finished_at from sync_runs
  where finished_at is not null and projects_synced > 0
  order by started_at desc, id desc limit 1)`.as('last_sync_at');

function toCounts(
  row: { total: number; contributors: number; used_by: number; last_sync_at: Date | null },
  match: SearchMatch,
): ListCounts {
  return {
    total: Number(row.total),
    contributors: Number(row.contributors),
    usedBy: Number(row.used_by),
    lastCatalogueSyncAt: row.last_sync_at === null ? null : new Date(row.last_sync_at),
    match,
  };
}

/** The project list's reading: how many match (`count`), and one page of them (`page`). */
export function createListRepository(db: Kysely<DB>) {
  return {
    /**
     * How many projects match, exactly, how many of them have each sortable figure, and the last sync's time.
     * No search, at most one topic and no time window: sums over the few rows of the maintained counts
     * (migration 0012) that the filters pick. Otherwise `count(*)` with the filters, which the planner answers
     * from the indexes (the topics' GIN bitmaps, the sort indexes' language, the new projects' own index).
     */
    async count(filters: ListQuery): Promise<ListCounts> {
      if (maintainedCount(filters)) {
        const row = await db
          .selectFrom('project_list_counts')
          .select([
            sql<number>`coalesce(sum(projects), 0)`.as('total'),
            sql<number>`coalesce(sum(with_contributors), 0)`.as('contributors'),
            sql<number>`coalesce(sum(with_used_by), 0)`.as('used_by'),
            lastSyncAt,
          ])
          .where('topic', '=', filters.topics[0] ?? '')
          .$if(filters.languages.length > 0, (q) =>
            q.where('language', 'in', filters.languages).where('language', '<>', ''),
          )
          .executeTakeFirstOrThrow();
        return toCounts(row, { mode: 'words', search: null });
      }
      const { answer, match } = await searchInTurn(
        db,
        'projects',
        filters.search,
        async ({ mode, search }) => {
          return applyFilters(db.selectFrom('projects'), { ...filters, search }, mode)
            .select((eb) => [
              eb.fn.countAll<number>().as('total'),
              eb.fn.count<number>('projects.contributors').as('contributors'),
              eb.fn.count<number>('projects.used_by').as('used_by'),
              lastSyncAt,
            ])
            .executeTakeFirstOrThrow();
        },
        (row) => Number(row.total) > 0,
      );
      return toCounts(answer, match);
    },

    /**
     * One page of a list of `total` projects. The inner query walks the sort index for ids only; the outer one
     * reads the full rows of just those twenty. Past the middle, the index is walked from its other end, so
     * the last page costs what the first does. Deeper than `DEEP_WALK_ROWS` from both ends, a sort with buckets
     * of a list whose buckets are counted (`bucketFacets`) starts at the page's bucket instead. A search reads
     * with the match its count found (`ListCounts.match`).
     */
    async page(filters: ListQuery, page: number, total: number, match: SearchMatch) {
      const offset = (page - 1) * PROJECT_PAGE_SIZE;
      const size = Math.min(PROJECT_PAGE_SIZE, total - offset);
      if (size <= 0) return [];
      // Best match has no index to read backwards: its matches are ranked whole either way.
      const reversed = offset > total / 2 && filters.sortField !== 'relevance';
      const walk = reversed ? total - offset - size : offset;
      const bucket = filters.sortField === 'relevance' ? null : sortBucket(filters.sortField, filters.order);
      const facets = bucket !== null && walk >= DEEP_WALK_ROWS ? bucketFacets(filters) : null;
      const deep = facets !== null;
      const start = bucketStart({
        list: `projects.${filters.sortField}`,
        facets: facets ?? [''],
        descending: filters.order === 'DESC',
        offset,
      });
      const read = ({ mode, search }: SearchMatch) => {
        const matched = { ...filters, search };
        let ids = applyFilters(db.selectFrom('projects'), matched, mode).select('projects.id');
        for (const term of listOrder(matched, reversed && !deep)) ids = ids.orderBy(term);
        ids = deep
          ? ids
              .where(sql<boolean>`${bucket} >= (select pos from start)`)
              .limit(size)
              .offset(sql<number>`(select skip from start)`)
          : ids.limit(size).offset(walk);
        // The CTE `start` that a deep walk reads (typed as the plain table: only raw SQL refers to it).
        const from = deep
          ? (db.with('start', () => start).selectFrom('projects') as unknown as SelectQueryBuilder<
              DB,
              'projects',
              object
            >)
          : db.selectFrom('projects');
        let rows = from.innerJoin(ids.as('page'), 'page.id', 'projects.id').select(projectCardColumns);
        for (const term of listOrder(matched)) rows = rows.orderBy(term);
        return rows.execute();
      };
      return read(match);
    },
  };
}
