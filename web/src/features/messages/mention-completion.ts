import type { TimelineMessage } from './timeline';

/** GitHub logins are at most 39 characters long. */
const GITHUB_LOGIN_MAX_LENGTH = 39;

/** What a completion offers: a member of the group. */
export interface MentionCandidate {
  login: string;
  avatarUrl: string | null;
}

/**
 * The members the page loaded, then the authors on the board not among them (someone who joined since the page
 * loaded has likely said something): each login once. The server decides who a mention really reaches.
 */
export function withAuthors(
  members: readonly MentionCandidate[],
  timeline: readonly TimelineMessage[],
): MentionCandidate[] {
  const byLogin = new Map(members.map((member) => [member.login.toLowerCase(), member]));
  for (const entry of timeline) {
    if (entry.kind !== 'stored' || entry.message.author.id === 0) continue;
    const { login, avatarUrl } = entry.message.author;
    if (!byLogin.has(login.toLowerCase())) byLogin.set(login.toLowerCase(), { login, avatarUrl });
  }
  return [...byLogin.values()];
}

/** At most this many members are offered at once: the list stays short enough to scan. */
export const MENTION_OPTIONS_MAX = 8;

/**
 * The mention being typed just before the caret: `@` (at the start or after a space or punctuation that cannot
 * be part of an address) and the start of a login. Null when the caret is not in one.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = new RegExp(`(^|[^A-Za-z0-9_@./-])@([A-Za-z0-9-]{0,${GITHUB_LOGIN_MAX_LENGTH}})$`).exec(
    before,
  );
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The members whose login starts with the query (ignoring case), then those that contain it; never the user. */
export function mentionOptions(
  members: readonly MentionCandidate[],
  query: string,
  myLogin: string | null,
): MentionCandidate[] {
  const wanted = query.toLowerCase();
  const others = members.filter((member) => member.login.toLowerCase() !== myLogin?.toLowerCase());
  const starts = others.filter((member) => member.login.toLowerCase().startsWith(wanted));
  const contains = others.filter(
    (member) => !starts.includes(member) && member.login.toLowerCase().includes(wanted),
  );
  return [...starts, ...contains].slice(0, MENTION_OPTIONS_MAX);
}

/** The text with the mention being typed replaced by `@login ` and where the caret goes after it. */
export function completeMention(
  text: string,
  mention: { start: number; query: string },
  login: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${login} `;
  const rest = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + inserted + rest, caret: mention.start + inserted.length };
}
