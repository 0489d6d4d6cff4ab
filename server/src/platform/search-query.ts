import { ErrorCode, searchWords } from '@openlfg/contracts';
import { HttpError } from './http/errors.js';

/** A list's search, as the repositories take it (platform/db/text-search.ts). */
export interface SearchQuery {
  /** What was typed, trimmed, its spaces collapsed: compared whole with names (exact match, similarity). */
  text: string;
  /** Its words (contracts' `searchWords`: none of them is tsquery syntax). */
  words: string[];
  /** Whether the last word is the one being typed, so a prefix. */
  typing: boolean;
  /**
   * Every word required, the last one as a prefix when it is being typed (`zulip & mob:*`), for
   * `to_tsquery('simple', ...)`; null when the text has no word (only punctuation).
   */
  prefixQuery: string | null;
}

/**
 * A search for `words` (already cut, lowercased and distinct), as typed in `text`. Only the word being typed
 * is a prefix (search engines' "prefix last"): the words before it are finished. It also keeps a search fast: a
 * prefix is a partial match, which GIN reads whole into a bitmap (a word that every row has costs all of its
 * rows), while a whole word is skipped through, led by the rarest one.
 */
export function searchOfWords(text: string, words: string[], typing: boolean): SearchQuery {
  const terms = words.map((word, i) => (typing && i === words.length - 1 ? `${word}:*` : word));
  return { text, words, typing, prefixQuery: terms.length > 0 ? terms.join(' & ') : null };
}

/**
 * A list answer's `searchedFor`: the words the list was searched by when they are not the search's own (a typo
 * corrected: platform/db/text-search.ts), else null. `match` is how the list's count found its rows.
 */
export function searchedFor(
  match: { mode: 'words' | 'similar'; search: SearchQuery | null },
  typed: SearchQuery | null,
): string | null {
  // By value: a list's counts (and so its match) may be kept from an earlier request with the same search.
  const searched = match.mode === 'words' ? match.search : null;
  return searched !== null && searched.prefixQuery !== typed?.prefixQuery ? searched.text : null;
}

/** The search `q` of a list body, or null when it is absent or blank (no search). */
export function toSearchQuery(q: string | undefined): SearchQuery | null {
  const text = (q ?? '').trim().replace(/\s+/gu, ' ');
  if (text === '') return null;
  const { words, typing } = searchWords(text);
  return searchOfWords(text, words, typing);
}

/**
 * The search and sort of a list request, checked together: Best match ranks by the search, so it needs one
 * (a clear 400 rather than an order the client did not mean).
 */
export function searchOf(request: { q?: string; sortField: string }): SearchQuery | null {
  const search = toSearchQuery(request.q);
  if (request.sortField === 'relevance' && search === null) {
    throw new HttpError(
      400,
      ErrorCode.validation,
      'body.sortField "relevance" (Best match) needs a search: set body.q to some words.',
    );
  }
  return search;
}
