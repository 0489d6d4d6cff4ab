import { searchWords } from '@openlfg/contracts';
import type { ReactNode } from 'react';
import styles from './Highlight.module.css';

/**
 * A pattern finding each word that the search's words match, as the server matches them (ignoring case): the
 * words typed before the last one whole, the last one (the word being typed) as a prefix; null when the search
 * has no word.
 */
export function highlightPattern(search: string): RegExp | null {
  const { words, typing } = searchWords(search);
  if (words.length === 0) return null;
  const prefix = typing ? words.at(-1) : undefined;
  const alternatives = words
    .map((word) => ({ word, source: word === prefix ? word : `${word}(?![\\p{L}\\p{M}\\p{N}])` }))
    // Longest first, so "react" wins over "re" where both would match.
    .sort((a, b) => b.word.length - a.word.length)
    .map((alternative) => alternative.source);
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${alternatives.join('|')})`, 'giu');
}

/** `text` with what `pattern` finds in it marked. */
export function markMatches(text: string, pattern: RegExp): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <mark key={match.index} className={styles.mark}>
        {match[0]}
      </mark>,
    );
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
