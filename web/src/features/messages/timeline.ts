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
 * One list of messages from any number of sources (history pages, live frames, add-message answers): each id
 * once, oldest first. A message id rises in the order messages were committed, so id order is display order.
 */
export function mergeMessages(...lists: readonly (readonly Message[])[]): Message[] {
  const byId = new Map<number, Message>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
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
