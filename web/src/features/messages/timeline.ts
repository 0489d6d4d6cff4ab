import type { Message } from '@openlfg/contracts';

/** A message the user sent that the server has not confirmed yet (or refused to store). */
export interface PendingMessage {
  clientId: string;
  text: string;
  /** When the user pressed Send, as an ISO string (the stored message brings the server's time). */
  createdAt: string;
  status: 'sending' | 'failed';
}

export type TimelineMessage =
  { kind: 'stored'; message: Message } | { kind: 'pending'; pending: PendingMessage };

export type TimelineEntry = TimelineMessage | { kind: 'day'; key: string; label: string };

/**
 * The newer of two versions of one message. They can arrive in any order (a change pushed live may overtake the
 * replay of the message itself), so the content decides: a deletion is final, then the later edit wins; on a
 * tie, the one that came last.
 */
export function newerVersion(earlier: Message, later: Message): Message {
  if (earlier.deletedAt) return earlier;
  if (later.deletedAt) return later;
  return (later.editedAt ?? '') >= (earlier.editedAt ?? '') ? later : earlier;
}

/**
 * One list of messages from any number of sources (history pages, live frames, add-message answers): each id
 * once, in its newest version, oldest first. A message id rises in the order messages were committed, so id
 * order is display order.
 */
export function mergeMessages(...lists: readonly (readonly Message[])[]): Message[] {
  const byId = new Map<number, Message>();
  for (const list of lists) {
    for (const message of list) {
      const known = byId.get(message.id);
      byId.set(message.id, known ? newerVersion(known, message) : message);
    }
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The stored messages, then the user's pending ones that the server has not echoed back yet. A pending message
 * disappears as soon as a stored message carries its clientId, whichever way that message arrived.
 */
export function buildTimeline(
  stored: readonly Message[],
  pending: readonly PendingMessage[],
): TimelineMessage[] {
  const confirmed = new Set(stored.map((message) => message.clientId));
  return [
    ...stored.map((message): TimelineMessage => ({ kind: 'stored', message })),
    ...pending
      .filter((item) => !confirmed.has(item.clientId))
      .map((item): TimelineMessage => ({ kind: 'pending', pending: item })),
  ];
}

export function timelineKey(entry: TimelineEntry): string {
  if (entry.kind === 'day') return entry.key;
  // Another client could reuse someone's clientId; a stored message's id is unique.
  return entry.kind === 'stored' ? `m-${entry.message.id}` : `p-${entry.pending.clientId}`;
}

function createdAtOf(entry: TimelineMessage): string {
  return entry.kind === 'stored' ? entry.message.createdAt : entry.pending.createdAt;
}

/** The local calendar day of a date, as a stable key (`2026-11-21`). */
function localDayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** 'Today', 'Yesterday', or the date in words ('Friday, November 13, 2026'), in the browser's time zone. */
export function dayLabel(date: Date, now: Date = new Date()): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  const key = localDayKey(date);
  if (key === localDayKey(now)) return 'Today';
  if (key === localDayKey(yesterday)) return 'Yesterday';
  return date.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** The timeline with a day separator before the first message of each calendar day. */
export function withDaySeparators(
  entries: readonly TimelineMessage[],
  now: Date = new Date(),
): TimelineEntry[] {
  const result: TimelineEntry[] = [];
  let currentDay: string | null = null;
  for (const entry of entries) {
    const date = new Date(createdAtOf(entry));
    const day: string | null = Number.isNaN(date.getTime()) ? currentDay : localDayKey(date);
    if (day !== null && day !== currentDay) {
      result.push({ kind: 'day', key: `day-${day}`, label: dayLabel(date, now) });
      currentDay = day;
    }
    result.push(entry);
  }
  return result;
}

/** Messages of one author closer together than this share one header (their avatar and name). */
export const GROUP_WINDOW_MS = 5 * 60 * 1000;

/** Who wrote an entry: a stored message's author id; the user's own pending message is `meId`'s. */
function authorIdOf(entry: TimelineMessage, meId: number | null): number | null {
  if (entry.kind === 'pending') return meId;
  // A gone author ("ghost", id 0) may be any number of people: never grouped.
  return entry.message.author.id === 0 ? null : entry.message.author.id;
}

/**
 * Whether `entry` goes under the previous entry's header: the same author, at most GROUP_WINDOW_MS later, with
 * no day separator between them.
 */
export function continuesGroup(
  previous: TimelineEntry | undefined,
  entry: TimelineMessage,
  meId: number | null,
): boolean {
  if (!previous || previous.kind === 'day') return false;
  const author = authorIdOf(entry, meId);
  if (author === null || authorIdOf(previous, meId) !== author) return false;
  const gap = Date.parse(createdAtOf(entry)) - Date.parse(createdAtOf(previous));
  return gap >= 0 && gap <= GROUP_WINDOW_MS;
}
