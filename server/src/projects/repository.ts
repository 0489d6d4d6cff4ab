import {
  NEW_PROJECT_DAYS,
  PROJECT_PAGE_SIZE,
  type ProjectSortField,
  type SortOrder,
} from '@openlfg/contracts';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { bucketOf, bucketStart, DEEP_WALK_ROWS } from '../platform/db/sort-buckets.js';

export interface ListQuery {
  sortField: ProjectSortField;
  order: SortOrder;
  topics: string[];
  languages: string[];
  showNew: boolean;
}

/** The sort column of each sort; the numeric ones are cut into buckets (platform/db/sort-buckets.ts). */
const sortColumns = {
  contributors: sql`projects.contributors`,
  name: sql`lower(projects.name)`,
  used_by: sql`projects.used_by`,
  saves: sql`projects.saves`,
};

/** The bucket term that leads a numeric sort's order and index; none for the name sort. */
function sortBucket(sortField: ProjectSortField, order: SortOrder): RawBuilder<number> | null {
  return sortField === 'name' ? null : bucketOf(sortColumns[sortField], order === 'DESC');
}

/**
 * ORDER BY for each sort, matching the indexes of migration 0012 exactly: the bucket first (numeric sorts; the
 * same order, since buckets follow values), nulls last whatever the direction, the id as the stable tie-break,
 * so a page never repeats or skips a project.
 */
function orderTerms(sortField: ProjectSortField, order: SortOrder, reversed = false): RawBuilder<unknown>[] {
  const ascending = (order === 'ASC') !== reversed;
  const column = sortColumns[sortField];
  const bucket = sortBucket(sortField, order);
  const lead = bucket ? [sql`${bucket} ${reversed ? sql`desc` : sql`asc`}`] : [];
  // Reversed, the same order read from the other end: the same index, scanned backwards.
  return reversed
    ? [...lead, sql`${column} ${ascending ? sql`asc` : sql`desc`} nulls first`, sql`projects.id desc`]
    : [...lead, sql`${column} ${ascending ? sql`asc` : sql`desc`} nulls last`, sql`projects.id asc`];
}

function applyFilters<O>(query: SelectQueryBuilder<DB, 'projects', O>, filters: ListQuery) {
  let q = query;
  if (filters.topics.length > 0)
    q = q.where(sql<boolean>`projects.topics @> ${sql.val(filters.topics)}::text[]`);
  if (filters.languages.length > 0) q = q.where('projects.language', 'in', filters.languages);
  if (filters.showNew) {
    q = q.where(sql<boolean>`projects.added_at >= now() - make_interval(days => ${NEW_PROJECT_DAYS})`);
  }
  return q;
}

/** Whether `project_list_counts` holds the answer: no time window, and at most one topic (any languages). */
function maintainedCount(filters: ListQuery): boolean {
  return !filters.showNew && filters.topics.length <= 1;
}

export function createProjectsRepository(db: Kysely<DB>) {
  return {
    /**
     * How many projects match, exactly. At most one topic and no time window: a sum over the few rows of the
     * maintained counts (migration 0012) that the filters pick. Otherwise `count(*)` with the filters, which
     * the planner answers from the indexes (the topics' GIN bitmaps, the sort indexes' language and date).
     */
    async count(filters: ListQuery): Promise<number> {
      const row = maintainedCount(filters)
        ? await db
            .selectFrom('project_list_counts')
            .select(sql<number>`coalesce(sum(projects), 0)`.as('count'))
            .where('topic', '=', filters.topics[0] ?? '')
            .$if(filters.languages.length > 0, (q) =>
              q.where('language', 'in', filters.languages).where('language', '<>', ''),
            )
            .executeTakeFirstOrThrow()
        : await applyFilters(db.selectFrom('projects'), filters)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * One page of a list of `total` projects. The inner query walks the sort index for ids only; the outer one
     * reads the full rows of just those twenty. Past the middle, the index is walked from its other end, so
     * the last page costs what the first does. Deeper than `DEEP_WALK_ROWS` from both ends, a numeric sort
     * of a list whose buckets are counted (no topic, no time window) starts at the page's bucket instead.
     */
    async page(filters: ListQuery, page: number, total: number) {
      const offset = (page - 1) * PROJECT_PAGE_SIZE;
      const size = Math.min(PROJECT_PAGE_SIZE, total - offset);
      if (size <= 0) return [];
      const reversed = offset > total / 2;
      const walk = reversed ? total - offset - size : offset;
      const bucket = sortBucket(filters.sortField, filters.order);
      const deep =
        bucket !== null && walk >= DEEP_WALK_ROWS && maintainedCount(filters) && filters.topics.length === 0;
      let ids = applyFilters(db.selectFrom('projects'), filters).select('projects.id');
      for (const term of orderTerms(filters.sortField, filters.order, reversed && !deep))
        ids = ids.orderBy(term);
      ids = deep
        ? ids
            .where(sql<boolean>`${bucket} >= (select pos from start)`)
            .limit(size)
            .offset(sql<number>`(select skip from start)`)
        : ids.limit(size).offset(walk);
      const start = bucketStart({
        list: `projects.${filters.sortField}`,
        facets: filters.languages.length > 0 ? filters.languages.map((l) => `language=${l}`) : [''],
        descending: filters.order === 'DESC',
        offset,
      });
      // The CTE `start` that a deep walk reads (typed as the plain table: only raw SQL refers to it).
      const from = deep
        ? (db.with('start', () => start).selectFrom('projects') as unknown as SelectQueryBuilder<
            DB,
            'projects',
            object
          >)
        : db.selectFrom('projects');
      let rows = from.innerJoin(ids.as('page'), 'page.id', 'projects.id').selectAll('projects');
      for (const term of orderTerms(filters.sortField, filters.order)) rows = rows.orderBy(term);
      return rows.execute();
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

    async topics(limit: number) {
      const rows = await db
        .selectFrom(sql<{ topic: string }>`(select unnest(topics) as topic from projects)`.as('t'))
        .select(['t.topic', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('t.topic')
        .orderBy('count', 'desc')
        .orderBy('t.topic')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ topic: r.topic, count: Number(r.count) }));
    },

    async languages() {
      const rows = await db
        .selectFrom('projects')
        .select(['language', (eb) => eb.fn.countAll<number>().as('count')])
        .where('language', 'is not', null)
        .groupBy('language')
        .orderBy('count', 'desc')
        .orderBy('language')
        .execute();
      return rows.map((r) => ({ language: r.language ?? '', count: Number(r.count) }));
    },

    /**
     * Saves or unsaves in one transaction: the membership row and the counter move together, and the
     * counter changes only when the row did, so repeats and races leave `saves` exact.
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
        const changed = saved
          ? await trx
              .insertInto('project_saves')
              .values({ user_id: userId, project_id: projectId })
              .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
              .returning('project_id')
              .executeTakeFirst()
          : await trx
              .deleteFrom('project_saves')
              .where('user_id', '=', userId)
              .where('project_id', '=', projectId)
              .returning('project_id')
              .executeTakeFirst();
        const project = changed
          ? await trx
              .updateTable('projects')
              .set({ saves: sql`saves + ${saved ? 1 : -1}` })
              .where('id', '=', projectId)
              .returning('saves')
              .executeTakeFirst()
          : await trx.selectFrom('projects').select('saves').where('id', '=', projectId).executeTakeFirst();
        return { changed: changed !== undefined, saves: project?.saves };
      });
    },

    savedBy(userId: number, limit: number) {
      return db
        .selectFrom('project_saves')
        .innerJoin('projects', 'projects.id', 'project_saves.project_id')
        .selectAll('projects')
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
