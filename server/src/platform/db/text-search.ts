import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isSearchWord } from '@openlfg/contracts';
import { searchOfWords, type SearchQuery } from '../search-query.js';
import { typoVariants } from '../typo-variants.js';
import type { DB } from './schema.js';

/**
 * The SQL of the lists' text search (docs/catalogue.md, "Search"), shared by the projects and the groups
 * repositories. A row carries `search`, a weighted tsvector (migration 0009), and a name (or title) with a
 * trigram index.
 */

/**
 * A search matches in one of two ways, never both at once:
 * - `words`: every word is in the row's words, the last one as a prefix (the GIN index on `search`);
 * - `similar`: nothing matched by words, even with its unknown words corrected (`correctedSearch`), so names
 *   close to the text (a typo: "zulp mobil" for zulip-mobile) match instead: pg_trgm's similarity, over the
 *   name's trigram index. Only then, since on names that share most of their trigrams (a catalogue of
 *   "project-N") a similarity scan reads most of the table.
 */
export type MatchMode = 'words' | 'similar';

/** How a list query matches: the mode, and the search it matches (the corrected one, for corrected words). */
export interface SearchMatch {
  mode: MatchMode;
  search: SearchQuery | null;
}

/** Whose words a correction looks among (`search_words.list`, migration 0021). */
export type SearchList = DB['search_words']['list'];

/**
 * A list's count for a search, tried in turn until one finds something: by its words; by its words with the
 * ones the list does not know corrected (`correctedSearch`); by names similar to its text. Answers the count and
 * the match that found it, which the list's pages then read with: a count and its pages always agree, and the
 * usual search costs one query for each.
 */
export async function searchInTurn<T>(
  db: Kysely<DB>,
  list: SearchList,
  search: SearchQuery | null,
  query: (match: SearchMatch) => Promise<T>,
  found: (answer: T) => boolean,
): Promise<{ answer: T; match: SearchMatch }> {
  const words: SearchMatch = { mode: 'words', search };
  const answer = await query(words);
  if (search === null || found(answer)) return { answer, match: words };
  const corrected = await correctedSearch(db, list, search);
  if (corrected) {
    const match: SearchMatch = { mode: 'words', search: corrected };
    const again = await query(match);
    if (found(again)) return { answer: again, match };
  }
  const similar: SearchMatch = { mode: 'similar', search };
  return { answer: await query(similar), match: similar };
}

/**
 * The search with each word that no row of the list has (for the word being typed: that no word starts with)
 * replaced by the list's closest word; null when no word was replaced. Closest: a word one slip of the keys away
 * (typo-variants.ts, the likeliest slip first; for the word being typed, the start of a word), else the most
 * similar word by trigrams (at least pg_trgm's 0.3; the nearest in length, then the first in order, breaking
 * ties). One statement: index probes for each word it does not know.
 */
export async function correctedSearch(
  db: Kysely<DB>,
  list: SearchList,
  search: SearchQuery,
): Promise<SearchQuery | null> {
  if (search.words.length === 0) return null;
  const last = search.words.length;
  // The closest word is looked for only for a word the list does not know: a known short word (a number) is
  // similar to thousands.
  const slips = search.words.flatMap((word, index) =>
    typoVariants(word).map((variant) => ({ place: index + 1, variant })),
  );
  const { rows } = await sql<{ word: string; closest: string | null }>`
    select word,
      case when not known then coalesce(
        (select slip.variant
         from unnest(${sql.val(slips.map((slip) => slip.place))}::int[],
                     ${sql.val(slips.map((slip) => slip.variant))}::text[]) with ordinality as slip(place, variant, rank)
         where slip.place = checked.place and (
           (is_typed and exists (select 1 from search_words w where w.list = ${list}
                                 and w.word >= slip.variant and w.word < slip.variant || chr(1114111)
                                 and starts_with(w.word, slip.variant)))
           or (not is_typed and exists (select 1 from search_words w
                                        where w.list = ${list} and w.word = slip.variant)))
         order by slip.rank
         limit 1),
        (select w.word from search_words w
         where w.list = ${list} and w.word % checked.word
         order by similarity(w.word, checked.word) desc, abs(length(w.word) - length(checked.word)), w.word
         limit 1))
      end as closest
    from (
      select typed.word, typed.place, ${search.typing} and typed.place = ${last} as is_typed,
        case when ${search.typing} and typed.place = ${last}
          then exists (select 1 from search_words w where w.list = ${list}
                       and w.word >= typed.word and w.word < typed.word || chr(1114111)
                       and starts_with(w.word, typed.word))
          else exists (select 1 from search_words w where w.list = ${list} and w.word = typed.word)
        end as known
      from unnest(${sql.val(search.words)}::text[]) with ordinality as typed(word, place)
    ) checked
    order by place`.execute(db);
  let replaced = false;
  const words = rows.map((row) => {
    if (row.closest === null || !isSearchWord(row.closest)) return row.word;
    replaced = true;
    return row.closest;
  });
  if (!replaced) return null;
  const distinct = [...new Set(words)];
  return searchOfWords(distinct.join(' '), distinct, search.typing && distinct.length === words.length);
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
    // trigrams with too many names for the index to rule them out (the typo's cost, docs/catalogue.md).
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
