import { sql, type RawBuilder } from 'kysely';
import type { SearchQuery } from '../search-query.js';

/**
 * The SQL of the lists' text search (docs/architecture.md, "Search"), shared by the projects and the groups
 * repositories. A row carries `search`, a weighted tsvector (migration 0009), and a name (or title) with a
 * trigram index.
 *
 * A search matches in one of two ways, never both at once:
 * - `words`: every word, as a prefix, is in the row's words (the GIN index on `search`);
 * - `similar`: nothing matched by words, so names close to the text (a typo: "zulp" for zulip) match instead:
 *   pg_trgm's similarity, over the name's trigram index. Only then, since on names that share most of their
 *   trigrams (a catalogue of "project-N") a similarity scan reads most of the table.
 */
export type MatchMode = 'words' | 'similar';

/**
 * A list query (a count, a page) for a search: by words, and only when that finds nothing, by similar names. A
 * page by words is empty only when no row matches by words (its count was 0), so a count and its pages always
 * agree on the mode, and the usual search costs one query each.
 */
export async function wordsElseSimilar<T>(
  search: SearchQuery | null,
  query: (mode: MatchMode) => Promise<T>,
  found: (answer: T) => boolean,
): Promise<T> {
  const answer = await query('words');
  return search === null || found(answer) ? answer : query('similar');
}

export interface SearchColumns {
  /** The row's tsvector. */
  words: RawBuilder<unknown>;
  /** The row's name or title, trigram-indexed. */
  name: RawBuilder<unknown>;
}

function tsQuery(search: SearchQuery): RawBuilder<unknown> {
  return sql`to_tsquery('simple', ${search.prefixQuery})`;
}

export function searchMatch(
  columns: SearchColumns,
  search: SearchQuery,
  mode: MatchMode,
): RawBuilder<boolean> {
  if (mode === 'similar') {
    // Close to a word of the name (`%>`, pg_trgm's word similarity, at least 0.6: "zulp" and zulip-mobile); for a
    // search of one word, also close to the whole name (`%`, similarity, at least 0.3: "flsk" and flask). The
    // trigram index answers both; the whole-name test only for one word, since a longer text shares enough
    // trigrams with too many names for the index to rule them out (the typo's cost, docs/architecture.md).
    const wordLike = sql<boolean>`${columns.name} %> ${search.text}`;
    return search.text.includes(' ')
      ? wordLike
      : sql<boolean>`(${wordLike} or ${columns.name} % ${search.text})`;
  }
  return search.prefixQuery === null
    ? sql<boolean>`false`
    : sql<boolean>`${columns.words} @@ ${tsQuery(search)}`;
}

/** How well a matching row answers the search, higher first: its weighted words, and how close its name is. */
export function searchScore(columns: SearchColumns, search: SearchQuery): RawBuilder<number> {
  const words = search.prefixQuery === null ? sql`0` : sql`ts_rank(${columns.words}, ${tsQuery(search)})`;
  return sql<number>`(${words} + word_similarity(${search.text}, ${columns.name}))`;
}

/** True when `text`, compared whole and ignoring case, is `column`: the exact matches that lead the ranking. */
export function exactly(column: RawBuilder<unknown>, search: SearchQuery): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) = lower(${search.text})`;
}
