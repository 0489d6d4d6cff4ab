import { formatRelativeTime, type Clock } from '../lib/format';

/**
 * "opened 3 days ago", or "opened on 11/21/2026" once formatRelativeTime gives a date; against `clock` (a
 * server-rendered page's, `useRenderClock`), else the browser's.
 */
export function openedAt(createdAt: string, clock?: Clock): string {
  return when('opened', createdAt, clock);
}

/** "updated 2 hours ago", or "updated on 11/21/2026". */
export function updatedAt(updated: string, clock?: Clock): string {
  return when('updated', updated, clock);
}

function when(what: string, date: string, clock: Clock | undefined): string {
  const relative = formatRelativeTime(date, clock?.now, clock?.timeZone);
  return relative.endsWith('ago') ? `${what} ${relative}` : `${what} on ${relative}`;
}
