import {
  ANSWERS_WITHIN_WEEK_HOURS,
  CLAIM_DAYS,
  FINDER_STALE_PUSH_DAYS,
  labelSpellings,
  MAX_ACTIVE_CLAIMS,
} from '@openlfg/contracts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** The finder's sorts that are an index walk; best for you is ranked apart (bestForYou). */
export type PlainSort = 'newest' | 'updated' | 'fewest_comments';

export interface FinderFilters {
  languages: string[];
  topics: string[];
  /** Lower case. */
  label: string | null;
  notTaken: boolean;
  answersWithinWeek: boolean;
  updatedWithinDays: number | null;
  projectId: number | null;
  /** Also the issues of quiet projects (no push in FINDER_STALE_PUSH_DAYS days). */
  includeQuiet: boolean;
}

/** Where the previous page ended: its last row's sort keys (timestamps as exact text) and id. */
export interface PageAfter {
  /** fewest_comments: the comment count. best_for_you: the score. */
  rank?: number;
  /** created_at (newest, fewest_comments, best_for_you) or updated_at (updated), to the microsecond. */
  at: string;
  id: number;
}

/** The user's profile best for you ranks by: language weights (by name) and topics. */
export interface RankProfile {
  languages: { name: string; weight: number }[];
  topics: string[];
}

/** Newest issues of each language and of the user's topics that best for you ranks. */
const BEST_FOR_YOU_WINDOW = 300;

const FINDER_COLUMNS = [
  'i.id',
  'i.project_id',
  'i.number',
  'i.title',
  'i.url',
  'i.labels',
  'i.created_at',
  'i.updated_at',
  'i.comments',
  'i.assignee',
  'i.assigned_at',
  'i.pull_request_number',
  'i.pull_request_url',
  'i.pull_request_by',
  'i.pull_request_at',
  'i.claim_comment_by',
  'i.claim_comment_at',
  'i.open',
  'i.is_demo',
  'i.synced_at',
  'i.checked_at',
  'p.repo_ext',
  'p.name as project_name',
  'p.language as project_language',
  'p.topics as project_topics',
  'p.maintainer_median_hours',
  'p.responsiveness_at',
] as const;

/**
 * The finder's filters, the freshness rule included, on open issues: read off the issue's own columns (the
 * project's are copied there), so each is checked on the index walk before any join.
 */
function finderConditions(filters: FinderFilters, freshness: 'fresh' | 'quiet' | 'any' = 'fresh') {
  const conditions = [sql`i.open`, sql`not i.project_archived`];
  if (freshness === 'fresh' && !filters.includeQuiet)
    conditions.push(
      sql`(i.project_pushed_at is null or i.project_pushed_at > now() - make_interval(days => ${FINDER_STALE_PUSH_DAYS}))`,
    );
  // Only what the freshness rule leaves out: a walk of the quiet issues' own index (issues_quiet_idx).
  if (freshness === 'quiet')
    conditions.push(sql`i.project_pushed_at <= now() - make_interval(days => ${FINDER_STALE_PUSH_DAYS})`);
  if (filters.languages.length > 0)
    conditions.push(sql`i.project_language = any(${sql.val(filters.languages)}::text[])`);
  if (filters.topics.length > 0) conditions.push(sql`i.project_topics @> ${sql.val(filters.topics)}::text[]`);
  // Any spelling of the label ("good first issue", "good-first-issue"): one label in the finder.
  if (filters.label) conditions.push(sql`i.label_names && ${sql.val(labelSpellings(filters.label))}::text[]`);
  if (filters.notTaken) conditions.push(sql`i.github_taken_until < now() and i.claimed_until < now()`);
  if (filters.answersWithinWeek) conditions.push(sql`i.project_median_hours <= ${ANSWERS_WITHIN_WEEK_HOURS}`);
  if (filters.updatedWithinDays !== null)
    conditions.push(sql`i.updated_at > now() - make_interval(days => ${filters.updatedWithinDays})`);
  if (filters.projectId !== null) conditions.push(sql`i.project_id = ${filters.projectId}`);
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** Exact text of a timestamp (microseconds, UTC), for a cursor. */
const exactTime = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** All SQL of the issue finder and claims. */
export function createIssuesRepository(db: Kysely<DB>) {
  type Builder = ReturnType<typeof base>;

  function base() {
    return db.selectFrom('issues as i').innerJoin('projects as p', 'p.id', 'i.project_id');
  }

  /** The finder's filters on a query over `issues as i`, with or without the project's row joined. */
  function filtered(filters: FinderFilters): Builder {
    return base().where(finderConditions(filters));
  }

  const select = (query: Builder) => query.select([...FINDER_COLUMNS]);

  return {
    /**
     * One page (limit rows) of a plain sort after `after`: every sort is a walk of its own index from the
     * cursor, so a later page costs what the first does.
     */
    async page(sort: PlainSort, filters: FinderFilters, after: PageAfter | null, limit: number) {
      if (sort === 'newest') {
        let query = select(filtered(filters)).select(exactTime('i.created_at').as('cursor_at'));
        if (after)
          query = query.where(sql<SqlBool>`(i.created_at, i.id) < (${after.at}::timestamptz, ${after.id})`);
        return query.orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').limit(limit).execute();
      }
      if (sort === 'updated') {
        let query = select(filtered(filters)).select(exactTime('i.updated_at').as('cursor_at'));
        if (after)
          query = query.where(sql<SqlBool>`(i.updated_at, i.id) < (${after.at}::timestamptz, ${after.id})`);
        return query.orderBy('i.updated_at', 'desc').orderBy('i.id', 'desc').limit(limit).execute();
      }
      // Fewest comments, then newest: the rest of the cursor's comment count, then the larger counts, each a
      // seek into (comments, created_at desc, id desc).
      const part = (where: (query: Builder) => Builder) =>
        where(filtered(filters))
          .select([...FINDER_COLUMNS])
          .select(exactTime('i.created_at').as('cursor_at'))
          .orderBy('i.comments')
          .orderBy('i.created_at', 'desc')
          .orderBy('i.id', 'desc')
          .limit(limit);
      if (!after) return part((q) => q).execute();
      const rank = after.rank ?? 0;
      const [same, more] = await Promise.all([
        part((q) =>
          q
            .where('i.comments', '=', rank)
            .where(sql<SqlBool>`(i.created_at, i.id) < (${after.at}::timestamptz, ${after.id})`),
        ).execute(),
        part((q) => q.where('i.comments', '>', rank)).execute(),
      ]);
      return [...same, ...more].slice(0, limit);
    },

    /**
     * Best for you: the newest issues (a window of each) in the user's languages and on their topics, ranked
     * by score (language weight times two, plus one per shared topic up to three), then newest.
     */
    async bestForYou(filters: FinderFilters, profile: RankProfile, after: PageAfter | null, limit: number) {
      const weights = sql.join(
        profile.languages.map((l) => sql`when ${l.name} then ${l.weight * 2}`),
        sql` `,
      );
      const languageScore =
        profile.languages.length > 0 ? sql`(case i.project_language ${weights} else 0 end)` : sql`0`;
      const topicScore =
        profile.topics.length > 0
          ? sql`least(3, ${sql.join(
              profile.topics.map((topic) => sql`(i.project_topics @> array[${topic}]::text[])::int`),
              sql` + `,
            )})`
          : sql`0`;
      // Each arm walks one index newest first, on the issue's own columns, and scores what it reads.
      const arm = (where: ReturnType<typeof sql<SqlBool>>) =>
        sql`(select i.id, i.created_at, (${languageScore} + ${topicScore})::integer as score
             from issues i where ${finderConditions(filters)} and ${where}
             order by i.created_at desc, i.id desc limit ${BEST_FOR_YOU_WINDOW})`;
      const arms = profile.languages.map((language) =>
        arm(sql<SqlBool>`i.project_language = ${language.name}`),
      );
      if (profile.topics.length > 0) {
        arms.push(arm(sql<SqlBool>`i.project_topics && ${sql.val(profile.topics)}::text[]`));
      }
      if (arms.length === 0) return [];
      // Score descending, then time descending: spelled out, since a row comparison takes one direction.
      const cursor = after
        ? sql`where c.score < ${after.rank ?? 0}
                 or (c.score = ${after.rank ?? 0} and (c.created_at, c.id) < (${after.at}::timestamptz, ${after.id}))`
        : sql``;
      const ranked = sql<{ id: number; score: number }>`(
        select c.id, c.score from (${sql.join(arms, sql` union `)}) c ${cursor}
        order by c.score desc, c.created_at desc, c.id desc limit ${limit})`;
      return db
        .selectFrom(ranked.as('c'))
        .innerJoin('issues as i', 'i.id', 'c.id')
        .innerJoin('projects as p', 'p.id', 'i.project_id')
        .select([...FINDER_COLUMNS])
        .select(exactTime('i.created_at').as('cursor_at'))
        .select('c.score')
        .orderBy('c.score', 'desc')
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .execute();
    },

    /**
     * How many issues the filters match that the freshness rule leaves out, up to `cap`: one count over the quiet
     * projects' open issues (issues_quiet_idx, index-only: it carries every filtered column), stopping at `cap`.
     */
    async hiddenQuietCount(filters: FinderFilters, cap: number): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from (
          select 1 from issues i where ${finderConditions(filters, 'quiet')} limit ${cap}
        ) quiet`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** Issues by id, open or not (a claim's answer, my claims). */
    byIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return select(base()).where('i.id', 'in', ids).execute();
    },

    /**
     * Stored issues of a project by number: the signals a project's issues dialog adds to GitHub's list. The demo's
     * made-up issues are left out: their numbers name other, real issues on GitHub.
     */
    ofProjectByNumber(projectId: number, numbers: number[]) {
      if (numbers.length === 0) return Promise.resolve([]);
      return select(base())
        .where('i.project_id', '=', projectId)
        .where('i.open', '=', true)
        .where('i.is_demo', '=', false)
        .where('i.number', 'in', numbers)
        .execute();
    },

    responsivenessOf(projectId: number) {
      return db
        .selectFrom('projects')
        .select(['maintainer_median_hours', 'responsiveness_at'])
        .where('id', '=', projectId)
        .executeTakeFirst();
    },

    /**
     * The active claims of these issues, each issue's shown one first: the caller's own, else the earliest.
     */
    async claimsOf(issueIds: number[], callerId: number | null) {
      if (issueIds.length === 0) return [];
      return db
        .selectFrom('issue_claims as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.issue_id', 'c.user_id', 'u.login', 'c.claimed_at', 'c.expires_at'])
        .where('c.issue_id', 'in', issueIds)
        .where('c.expires_at', '>', sql<Date>`now()`)
        .orderBy('c.issue_id')
        .orderBy(sql`c.user_id = ${callerId ?? 0}`, 'desc')
        .orderBy('c.claimed_at')
        .execute();
    },

    /**
     * The ids of the user's active claims' issues, oldest claim first: a renewal keeps `claimed_at`, so renewing
     * one does not move it in the list under the user's pointer.
     */
    async activeClaimIds(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('issue_claims as c')
        .innerJoin('issues as i', 'i.id', 'c.issue_id')
        .select('c.issue_id')
        .where('c.user_id', '=', userId)
        .where('c.expires_at', '>', sql<Date>`now()`)
        .where('i.open', '=', true)
        .orderBy('c.claimed_at')
        .orderBy('c.issue_id')
        .execute();
      return rows.map((row) => row.issue_id);
    },

    /**
     * Claims an issue for the user, or renews their claim (`renew`), under a lock on the user's row so two
     * claims at once cannot pass the limit together. Answers what happened; the service words the refusals.
     */
    claim(userId: number, issueId: number, renew: boolean) {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        const issue = await trx
          .selectFrom('issues')
          .select(['id', 'open'])
          .where('id', '=', issueId)
          .executeTakeFirst();
        if (!issue) return { outcome: 'unknown' as const };
        if (!issue.open) return { outcome: 'closed' as const };
        const mine = await trx
          .selectFrom('issue_claims')
          .select(['expires_at', sql<boolean>`expires_at > now()`.as('active')])
          .where('issue_id', '=', issueId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        const active = await activeCount(trx, userId);
        if (mine?.active && !renew) return { outcome: 'already' as const, expiresAt: mine.expires_at };
        if (!mine?.active && active >= MAX_ACTIVE_CLAIMS) return { outcome: 'limit' as const, active };
        const expires = sql<Date>`now() + make_interval(days => ${CLAIM_DAYS})`;
        await trx
          .insertInto('issue_claims')
          .values({ issue_id: issueId, user_id: userId, expires_at: expires })
          .onConflict((oc) =>
            oc.columns(['issue_id', 'user_id']).doUpdateSet({
              expires_at: expires,
              // A lapsed claim taken again starts anew; a renewed one keeps its start.
              claimed_at: sql<Date>`case when issue_claims.expires_at > now() then issue_claims.claimed_at else now() end`,
            }),
          )
          .execute();
        await syncClaimedUntil(trx, issueId);
        return {
          outcome: mine?.active ? ('renewed' as const) : ('claimed' as const),
          active: mine?.active ? active : active + 1,
        };
      });
    },

    /** Ends the user's active claim of the issue; false when they held none. */
    release(userId: number, issueId: number) {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('issue_claims')
          .where('issue_id', '=', issueId)
          .where('user_id', '=', userId)
          .where('expires_at', '>', sql<Date>`now()`)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return { released: false, active: 0 };
        await syncClaimedUntil(trx, issueId);
        return { released: true, active: await activeCount(trx, userId) };
      });
    },
  };
}

/** The user's active claims on open issues. */
async function activeCount(trx: Kysely<DB>, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('issue_claims as c')
    .innerJoin('issues as i', 'i.id', 'c.issue_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.user_id', '=', userId)
    .where('c.expires_at', '>', sql<Date>`now()`)
    .where('i.open', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The issue's claimed_until: its latest claim's expiry, which "not taken" compares with now. */
async function syncClaimedUntil(trx: Kysely<DB>, issueId: number): Promise<void> {
  await trx
    .updateTable('issues')
    .set({
      claimed_until: sql<Date>`coalesce((select max(expires_at) from issue_claims where issue_id = ${issueId}), '-infinity'::timestamptz)`,
    })
    .where('id', '=', issueId)
    .execute();
}

export type IssuesRepository = ReturnType<typeof createIssuesRepository>;
export type FinderRow = Awaited<ReturnType<IssuesRepository['byIds']>>[number];
