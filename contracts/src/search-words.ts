/**
 * How a list search's text is cut into words, the one rule the server searches by (server/src/platform/
 * search-query.ts) and the web marks results by (web/src/components/highlight-marks.tsx).
 */

/** Words of a search past this many are ignored: each one narrows, and a longer search is a pasted paragraph. */
export const SEARCH_MAX_WORDS = 8;

/**
 * What is not part of a word: words are runs of letters, marks and digits, as the indexed text's are (migration
 * 0009 turns the punctuation that joins words into spaces), so no word is tsquery syntax.
 */
const NOT_A_WORD = /[^\p{L}\p{M}\p{N}]+/u;

export interface SearchWords {
  /** Lowercased (as to_tsquery('simple', ...) takes them), each once, at most SEARCH_MAX_WORDS. */
  words: string[];
  /** Whether the last word is the one being typed, so a prefix: not when words past the limit were cut off. */
  typing: boolean;
}

export function searchWords(text: string): SearchWords {
  const all = [
    ...new Set(
      text
        .toLowerCase()
        .split(NOT_A_WORD)
        .filter((word) => word !== ''),
    ),
  ];
  const words = all.slice(0, SEARCH_MAX_WORDS);
  return { words, typing: words.length === all.length };
}

/** Whether `word` is one word as a search cuts them. */
export function isSearchWord(word: string): boolean {
  return word !== '' && !NOT_A_WORD.test(word);
}
