import { LinkifyIt } from 'linkify-it';

/** A piece of a message's text: plain text, or an http(s) link found in it. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * linkify-it finds addresses as people write them (balanced brackets kept, sentence punctuation left out).
 * Only http:// and https:// count: no address without a scheme, no mail, no ftp, no protocol-relative //.
 */
const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })
  .add('ftp:', null)
  .add('mailto:', null)
  .add('//', null);

/**
 * Splits a message into text and links. The caller renders every segment as React text (never as HTML), so
 * markup in a message stays visible text; links get only a checked http(s) href.
 */
export function splitLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const match of linkify.match(text) ?? []) {
    const href = safeHref(match.url);
    if (href === null) continue;
    if (match.index > cursor) segments.push({ kind: 'text', text: text.slice(cursor, match.index) });
    segments.push({ kind: 'link', text: match.raw, href });
    cursor = match.lastIndex;
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
