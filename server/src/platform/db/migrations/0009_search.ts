import { sql, type Kysely } from 'kysely';

/**
 * Text search of the two lists, in PostgreSQL itself (docs/catalogue.md, "Search"): a weighted tsvector per
 * row, kept by the database (a generated column) and indexed with GIN, for words and prefixes; and pg_trgm's
 * trigram index on names and titles, for names typed with a typo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Database-wide, in public: a schema of its own (the test suite's) then shares it instead of owning it.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  // What the parser reads: punctuation that joins words in names ("react.js", "owner/name", "snake_case",
  // "zulip-mobile") is a space, so every word is a lexeme of its own, as the search's words are
  // (server/src/platform/search-query.ts). Immutable, as a generated column needs; array_to_string is only stable.
  await sql`
    create function openlfg_search_text(value text) returns text
    language sql immutable parallel safe
    as $$ select translate(coalesce(value, ''), '-_./@:', '      ') $$
  `.execute(db);
  await sql`
    create function openlfg_search_text(value text[]) returns text
    language sql immutable parallel safe
    as $$ select translate(array_to_string(value, ' '), '-_./@:', '      ') $$
  `.execute(db);
  // Weights: the name first (A), then topics (B), the owner/name (C), the description (D). 'simple' keeps every
  // word as written (lowercased): no stemming and no stop words, since names and many descriptions are not
  // English prose.
  await sql`
    alter table projects add column search tsvector generated always as (
      setweight(to_tsvector('simple', openlfg_search_text(name)), 'A') ||
      setweight(to_tsvector('simple', openlfg_search_text(topics)), 'B') ||
      setweight(to_tsvector('simple', openlfg_search_text(repo_ext)), 'C') ||
      setweight(to_tsvector('simple', openlfg_search_text(description)), 'D')
    ) stored
  `.execute(db);
  await sql`create index projects_search_idx on projects using gin (search)`.execute(db);
  await sql`create index projects_name_trgm_idx on projects using gin (name gin_trgm_ops)`.execute(db);

  await sql`
    alter table group_projects add column search tsvector generated always as (
      setweight(to_tsvector('simple', openlfg_search_text(title)), 'A') ||
      setweight(to_tsvector('simple', openlfg_search_text(topics)), 'B') ||
      setweight(to_tsvector('simple', openlfg_search_text(repo_ext)), 'C') ||
      setweight(to_tsvector('simple', openlfg_search_text(description)), 'D')
    ) stored
  `.execute(db);
  await sql`create index group_projects_search_idx on group_projects using gin (search)`.execute(db);
  await sql`create index group_projects_title_trgm_idx on group_projects using gin (title gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table group_projects drop column search`.execute(db);
  await sql`drop index group_projects_title_trgm_idx`.execute(db);
  await sql`alter table projects drop column search`.execute(db);
  await sql`drop index projects_name_trgm_idx`.execute(db);
  await sql`drop function openlfg_search_text(text[])`.execute(db);
  await sql`drop function openlfg_search_text(text)`.execute(db);
  // pg_trgm stays: another migration may use it too.
}
