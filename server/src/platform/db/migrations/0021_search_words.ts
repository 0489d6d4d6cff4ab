import { sql, type Kysely } from 'kysely';

/**
 * The words each list's search can find (`search_words`): every lexeme of the projects' and the groups'
 * `search` columns (migration 0009), kept by triggers, with a trigram index. A search whose words find nothing
 * is first tried again with each word it does not know replaced by the closest word the list has ("projcet
 * 4242" is searched as "project 4242"; platform/db/text-search.ts), before it falls back to names close to the
 * whole text. Looking a typo up among distinct words reads a few of them; comparing it with every name that
 * shares a trigram with it read most of a catalogue of similar names.
 *
 * Words are added as rows are written and never removed: a word left by a deleted row only leads a correction to
 * a search that finds nothing, which then falls back as before.
 */
/** The tables whose `search` column the words come from, and the fields it is made of (migration 0009). */
const SEARCHED = [
  { table: 'projects', list: 'projects', fields: 'name, topics, repo_ext, description' },
  { table: 'group_projects', list: 'groups', fields: 'title, topics, repo_ext, description' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Byte order ("C"), so that the words starting with a prefix are one range of the primary key. The word leads
  // it: led by the list, the key tempted the planner to AND all of a list's words into a trigram look-up while
  // the table had no statistics yet (7 ms in place of 0.05), and PGlite has no autovacuum to gather them.
  await sql`
    create table search_words (
      word text collate "C" not null,
      list text not null check (list in ('projects', 'groups')),
      primary key (word, list)
    )`.execute(db);

  // Statement-level for inserts (a catalogue import adds thousands of rows in one statement); an update adds the
  // words of the rows whose searched fields it changed (transition tables cannot go with a column list).
  await sql`
    create function search_words_add_inserted() returns trigger language plpgsql as $$
    begin
      insert into search_words (list, word)
      select distinct tg_argv[0], word from new_rows, unnest(tsvector_to_array(new_rows.search)) as word
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create function search_words_add_updated() returns trigger language plpgsql as $$
    begin
      insert into search_words (list, word)
      select tg_argv[0], word from unnest(tsvector_to_array(new.search)) as word
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  for (const { table, list, fields } of SEARCHED) {
    await sql`create trigger ${sql.raw(`${table}_search_words_insert`)} after insert on ${sql.table(table)}
              referencing new table as new_rows for each statement
              execute function search_words_add_inserted(${sql.lit(list)})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_search_words_update`)}
              after update of ${sql.raw(fields)} on ${sql.table(table)}
              for each row execute function search_words_add_updated(${sql.lit(list)})`.execute(db);
  }

  await sql`
    insert into search_words (list, word)
    select distinct 'projects', word from projects, unnest(tsvector_to_array(projects.search)) as word
    union
    select distinct 'groups', word from group_projects, unnest(tsvector_to_array(group_projects.search)) as word
    on conflict do nothing`.execute(db);
  // Built after the words are in, and written to directly afterwards (no pending list): a GIN index's pending
  // list is read whole by every search until a vacuum merges it, and PGlite has no autovacuum to do that. New
  // words are few once a catalogue is in (a known word inserts nothing).
  await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)
            with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of SEARCHED) {
    await sql`drop trigger ${sql.raw(`${table}_search_words_update`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_search_words_insert`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function search_words_add_updated()`.execute(db);
  await sql`drop function search_words_add_inserted()`.execute(db);
  await sql`drop table search_words`.execute(db);
}
