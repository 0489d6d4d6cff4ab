import { canonicalTopic, LANGUAGE_TOPICS, MARKUP_LANGUAGE_TOPICS } from '@openlfg/contracts';
import { sql, type Kysely } from 'kysely';

/**
 * One name per topic, every topic findable, languages derived from topics:
 * - the topics already stored (projects and groups) are rewritten under their canonical names (contracts'
 *   topics.ts), repeats dropped, order kept;
 * - `topic_counts` holds how many projects carry each topic, kept exact by statement triggers on `projects`, so
 *   the topic search reads a few thousand rows instead of unnesting the whole catalogue;
 * - `projects.language_derived` marks a language taken from the project's topics (the sync's real language
 *   replaces it); projects without a language get one now where a topic names it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Similarity search over topic names (`%`, similarity()). Database-wide, in public, exactly as the text search
  // (0009) creates it: a schema of its own (the test suite's) then shares it instead of owning it.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);

  await canonicaliseStoredTopics(db);

  // Room on each page (fillfactor) and no index on the count: a count that changes is a HOT update, which
  // touches no index, so the trigram index only ever gains entries for new topics.
  await sql`create table topic_counts (topic text primary key, projects integer not null)
            with (fillfactor = 70)`.execute(db);
  // Prefix matches, then near misses. fastupdate off: new topics go straight into the trigram index, never into
  // a pending list that would make the planner pass it by until the next vacuum.
  await sql`create index topic_counts_prefix_idx on topic_counts (topic text_pattern_ops)`.execute(db);
  await sql`create index topic_counts_trgm_idx on topic_counts using gin (topic gin_trgm_ops)
            with (fastupdate = off)`.execute(db);

  // One function for the three triggers: the change of each topic's count over the statement's rows, applied in
  // topic order (so concurrent writers lock the same rows in the same order and never deadlock), rows at zero
  // removed. An update that leaves topics alone (a save, a sync of figures) changes nothing here. Each branch
  // reads only the transition tables its event has.
  await sql`
    create function topic_counts_follow() returns trigger language plpgsql as $$
    declare
      changed_topics text[];
      changed_deltas integer[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(topic order by topic), array_agg(delta order by topic)
        into changed_topics, changed_deltas
        from (select topic, count(*)::integer as delta
              from new_rows, unnest(new_rows.topics) as topic group by topic) as changes;
      elsif tg_op = 'DELETE' then
        select array_agg(topic order by topic), array_agg(delta order by topic)
        into changed_topics, changed_deltas
        from (select topic, -count(*)::integer as delta
              from old_rows, unnest(old_rows.topics) as topic group by topic) as changes;
      else
        select array_agg(topic order by topic), array_agg(delta order by topic)
        into changed_topics, changed_deltas
        from (select topic, sum(delta)::integer as delta
              from (select unnest(topics) as topic, 1 as delta from new_rows
                    union all
                    select unnest(topics), -1 from old_rows) as each_topic
              group by topic
              having sum(delta) <> 0) as changes;
      end if;
      if changed_topics is null then
        return null;
      end if;
      insert into topic_counts as counts (topic, projects)
      select topic, delta from unnest(changed_topics, changed_deltas) as changes(topic, delta) order by topic
      on conflict (topic) do update set projects = counts.projects + excluded.projects;
      delete from topic_counts where topic = any(changed_topics) and projects <= 0;
      return null;
    end
    $$`.execute(db);
  for (const [event, tables] of [
    ['insert', sql`new table as new_rows`],
    ['update', sql`old table as old_rows new table as new_rows`],
    ['delete', sql`old table as old_rows`],
  ] as const) {
    await sql`create trigger ${sql.raw(`projects_topic_counts_${event}`)} after ${sql.raw(event)} on projects
              referencing ${tables}
              for each statement execute function topic_counts_follow()`.execute(db);
  }

  await sql`insert into topic_counts (topic, projects)
            select topic, count(*) from projects, unnest(topics) as topic group by topic`.execute(db);

  await db.schema
    .alterTable('projects')
    .addColumn('language_derived', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await deriveLanguages(db);
}

/** Every stored topic that is not canonical, renamed (or dropped when nothing usable is left). */
async function canonicaliseStoredTopics(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ topic: string }>`
    select distinct unnest(topics) as topic from projects
    union
    select distinct unnest(topics) from group_projects`.execute(db);
  const from: string[] = [];
  const to: (string | null)[] = [];
  for (const { topic } of rows) {
    const canonical = canonicalTopic(topic);
    if (canonical !== topic) {
      from.push(topic);
      to.push(canonical);
    }
  }
  if (from.length === 0) return;
  for (const table of ['projects', 'group_projects'] as const) {
    await sql`
      update ${sql.table(table)} as target set topics = (
        select coalesce(array_agg(topic order by place), '{}')
        from (
          select coalesce(renames.canonical, stored.topic) as topic, min(stored.place) as place
          from unnest(target.topics) with ordinality as stored(topic, place)
          left join unnest(${from}::text[], ${to}::text[]) as renames(topic, canonical)
            on renames.topic = stored.topic
          where renames.topic is null or renames.canonical is not null
          group by 1
        ) as kept
      )
      where target.topics && ${from}::text[]`.execute(db);
  }
}

/** Projects without a language take the one their topics name, marked derived (see languageFromTopics). */
async function deriveLanguages(db: Kysely<unknown>): Promise<void> {
  const tiers = [LANGUAGE_TOPICS, MARKUP_LANGUAGE_TOPICS].flatMap((names, tier) =>
    Object.entries(names).map(([topic, language]) => ({ topic, language, tier })),
  );
  await sql`
    update projects set language = derived.language, language_derived = true
    from (
      select p.id, (
        select names.language
        from unnest(p.topics) with ordinality as stored(topic, place)
        join unnest(${tiers.map((t) => t.topic)}::text[], ${tiers.map((t) => t.language)}::text[],
                    ${tiers.map((t) => t.tier)}::integer[]) as names(topic, language, tier)
          on names.topic = stored.topic
        order by names.tier, stored.place
        limit 1
      ) as language
      from projects as p
      where p.language is null
    ) as derived
    where projects.id = derived.id and derived.language is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The topics renamed stay renamed: the old spellings are not kept.
  await db.schema.alterTable('projects').dropColumn('language_derived').execute();
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.raw(`projects_topic_counts_${event}`)} on projects`.execute(db);
  }
  await sql`drop function topic_counts_follow()`.execute(db);
  await db.schema.dropTable('topic_counts').execute();
}
