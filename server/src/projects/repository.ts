import {
  NEW_PROJECT_DAYS,
  PROJECT_PAGE_SIZE,
  type ProjectSortField,
  type SortOrder,
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
import { projectCardColumns } from './presenters.js';
import { setSaved } from '../platform/db/saves.js';

/**
 * The orders a list is read in: the sorts a user picks, and the one a figure sort falls back to when no
 * matching project has that figure (most beginner issues first).
 */
export type ListOrder = ProjectSortField | 'beginner_issues';

export interface ListQuery {
  sortField: ListOrder;
  order: SortOrder;
  topics: string[];
  languages: string[];
  showNew: boolean;
  search: SearchQuery | null;
}

const searchColumns: SearchColumns = { words: sql`projects.search`, name: sql`projects.name` };

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
 * project's `name_bucket` (migration 0020), negated for a descending order; none for the fallback.
 */
function sortBucket(sortField: Exclude<ListOrder, 'relevance'>, order: SortOrder): RawBuilder<number> | null {
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
function listOrder(filters: ListQuery, reversed = false): RawBuilder<unknown>[] {
  if (filters.sortField !== 'relevance') {
    return orderTerms(filters.sortField, filters.order, reversed, !filters.showNew);
  }
  // The service refuses Best match without a search.
  return filters.search ? relevanceTerms(filters.search) : orderTerms('name', 'ASC');
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
const lastSyncAt = sql<Date | null>`(select finished_at from sync_runs
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

export function createProjectsRepository(db: Kysely<DB>) {
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

    findById(id: number) {
      return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByRepoExt(repoExt: string) {
      return db
        .selectFrom('projects')
        .selectAll()
        .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
        .executeTakeFirst();
    },

    /** The most used topics, from the counts the triggers of migration 0010 keep. */
    async topics(limit: number) {
      const rows = await db
        .selectFrom('topic_counts')
        .select(['topic', 'projects as count'])
        .orderBy('projects', 'desc')
        .orderBy('topic')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ topic: r.topic, count: Number(r.count) }));
    },

    /**
     * Topics for what was typed (`text`, already folded): `exact` (its canonical name) first, then those
     * starting with it and `related` (canonical names of aliases starting with it), most used first, then near
     * misses (trigram similarity, from three characters), closest first. Reads `topic_counts` through its
     * indexes: a few rows, however large the catalogue.
     */
    async searchTopics(text: string, exact: string | null, related: readonly string[], limit: number) {
      const prefix = `${text}%`;
      const relatedList = sql`${sql.val([...related])}::text[]`;
      // Each part on its own index, at most `limit` rows each: the prefix range (text_pattern_ops or trigram),
      // the canonical names by key, the near misses by trigram. Near misses only when the prefix matches leave
      // room for them (a one-time filter: the trigram scan is skipped, not run and discarded).
      const nearMisses =
        text.length >= 3
          ? sql`union all
              (select topic, projects, similarity(topic, ${text}) from topic_counts
               where (select count(*) from prefixed) < ${limit} and topic % ${text}
               order by similarity(topic, ${text}) desc, projects desc limit ${limit})`
          : sql``;
      const { rows } = await sql<{ topic: string; count: number }>`
        with prefixed as (
          select topic, projects from topic_counts
          where topic like ${prefix} order by projects desc, topic limit ${limit}
        ), found as (
          select topic, projects, 0::real as closeness from prefixed
          union all
          (select topic, projects, 0::real from topic_counts where topic = any(${relatedList}))
          ${nearMisses}
        ), ranked as (
          select distinct on (topic) topic, projects, closeness,
            case when topic = ${exact} then 0
                 when topic like ${prefix} or topic = any(${relatedList}) then 1 else 2 end as rank
          from found
          order by topic, closeness desc
        )
        select topic, projects as count from ranked
        order by rank, case when rank < 2 then projects end desc nulls last, closeness desc, projects desc, topic
        limit ${limit}`.execute(db);
      return rows.map((r) => ({ topic: r.topic, count: Number(r.count) }));
    },

    /**
     * Every language in use with how many projects have it (and how many of those only from a topic), and
     * how many projects have a language at all, out of how many.
     */
    async languages() {
      const rows = await db
        .selectFrom('projects')
        .select([
          'language',
          (eb) => eb.fn.countAll<number>().as('count'),
          sql<number>`count(*) filter (where language_derived)`.as('derived'),
        ])
        .groupBy('language')
        .orderBy('count', 'desc')
        .orderBy('language')
        .execute();
      let known = 0;
      let total = 0;
      const languages = [];
      for (const row of rows) {
        const count = Number(row.count);
        total += count;
        if (row.language === null) continue;
        known += count;
        languages.push({ language: row.language, count, derived: Number(row.derived) });
      }
      return { languages, known, total };
    },

    /**
     * Saves or unsaves in one transaction: the save row and the counter move together (platform/db/saves.ts),
     * so repeats and races leave `saves` exact.
     */
    setSaved(userId: number, projectId: number, saved: boolean) {
      return db.transaction().execute(async (trx) => {
        // The project must exist, and must not be deleted while this runs (FOR KEY SHARE blocks deletion only).
        const exists = await trx
          .selectFrom('projects')
          .select('id')
          .where('id', '=', projectId)
          .forKeyShare()
          .executeTakeFirst();
        if (!exists) return { changed: false, saves: undefined };
        return setSaved(trx, 'project', userId, projectId, saved);
      });
    },

    savedBy(userId: number, limit: number) {
      return db
        .selectFrom('project_saves')
        .innerJoin('projects', 'projects.id', 'project_saves.project_id')
        .select(projectCardColumns)
        .where('project_saves.user_id', '=', userId)
        .orderBy('project_saves.created_at', 'desc')
        .orderBy('projects.id')
        .limit(limit)
        .execute();
    },

    readIssueCache(projectId: number) {
      return db
        .selectFrom('project_issue_cache')
        .selectAll()
        .where('project_id', '=', projectId)
        .executeTakeFirst();
    },

    writeIssueCache(entry: {
      projectId: number;
      issues: unknown[];
      issuesEtag: string | null;
      pullsEtag: string | null;
      linkedIssueNumbers: number[];
      fetchedAt: Date;
    }) {
      const values = {
        issues: JSON.stringify(entry.issues),
        issues_etag: entry.issuesEtag,
        pulls_etag: entry.pullsEtag,
        linked_issue_numbers: JSON.stringify(entry.linkedIssueNumbers),
        fetched_at: entry.fetchedAt,
      };
      return db
        .insertInto('project_issue_cache')
        .values({ project_id: entry.projectId, ...values })
        .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
        .execute();
    },

    /**
     * Records a user's request for a repository: one pending request per repository (created by the first
     * asker), one requester row per user. Answers whether this user is new to it and how many asked.
     */
    request(userId: number, repoExt: string) {
      return db.transaction().execute(async (trx) => {
        await sql`insert into project_requests (repo_ext) values (${repoExt})
                  on conflict (lower(repo_ext)) where status = 'pending' do nothing`.execute(trx);
        const request = await trx
          .selectFrom('project_requests')
          .select(['id', 'repo_ext'])
          .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow();
        const inserted = await trx
          .insertInto('project_request_requesters')
          .values({ request_id: request.id, user_id: userId })
          .onConflict((oc) => oc.columns(['request_id', 'user_id']).doNothing())
          .returning('user_id')
          .executeTakeFirst();
        const { count } = await trx
          .selectFrom('project_request_requesters')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('request_id', '=', request.id)
          .executeTakeFirstOrThrow();
        return { repoExt: request.repo_ext, created: inserted !== undefined, requesters: Number(count) };
      });
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
