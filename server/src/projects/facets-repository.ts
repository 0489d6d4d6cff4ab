import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';

/** The topics and languages a list is filtered by, with how many projects have each. */
export function createFacetsRepository(db: Kysely<DB>) {
  return {
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
  };
}
