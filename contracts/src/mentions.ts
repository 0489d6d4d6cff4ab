/**
 * @mentions in a board message: `@` and a GitHub login (letters, digits and single hyphens inside, at most 39),
 * at the start of the text or after a character that cannot be part of a word, an address or an email (so
 * `someone@example.com` mentions nobody). The server reads them to tell the people mentioned; the web highlights
 * them. One definition for both, so what is highlighted is what notifies.
 */
const MENTION = /(^|[^A-Za-z0-9_@./-])@([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})(?![A-Za-z0-9_-])/g;

/** More mentions than this in one message are not looked up: a list of every member is not a message. */
export const MENTIONS_MAX = 20;

export type MentionSegment =
  { kind: 'text'; text: string } | { kind: 'mention'; text: string; login: string };

/** The text cut into plain pieces and mentions (`text` keeps the `@`), in order. */
export function splitMentions(text: string): MentionSegment[] {
  const segments: MentionSegment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(MENTION)) {
    const prefix = match[1] ?? '';
    const login = match[2] ?? '';
    const start = (match.index ?? 0) + prefix.length;
    if (start > cursor) segments.push({ kind: 'text', text: text.slice(cursor, start) });
    segments.push({ kind: 'mention', text: `@${login}`, login });
    cursor = start + login.length + 1;
  }
  if (cursor < text.length) segments.push({ kind: 'text', text: text.slice(cursor) });
  return segments;
}

/** The logins mentioned, lowercased (GitHub logins ignore case), each once, at most MENTIONS_MAX. */
export function mentionedLogins(text: string): string[] {
  const logins = new Set<string>();
  for (const segment of splitMentions(text)) {
    if (segment.kind === 'mention') logins.add(segment.login.toLowerCase());
    if (logins.size === MENTIONS_MAX) break;
  }
  return [...logins];
}
