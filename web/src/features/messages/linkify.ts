/** A piece of a message's text: plain text, or an http(s) link found in it. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Candidates start with http:// or https://, so no other scheme (javascript:, data:) can ever become a link. */
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that usually ends the sentence rather than the address ("see https://x.org."). */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/**
 * Splits a message into text and links. The caller renders every segment as React text (never as HTML), so
 * markup in a message stays visible text; links get only a checked http(s) href.
 */
export function splitLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const candidate = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = safeHref(candidate);
    if (href === null) continue;
    if (start > cursor) segments.push({ kind: 'text', text: text.slice(cursor, start) });
    segments.push({ kind: 'link', text: candidate, href });
    cursor = start + candidate.length;
  }
  if (cursor < text.length) segments.push({ kind: 'text', text: text.slice(cursor) });
  return segments;
}

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
