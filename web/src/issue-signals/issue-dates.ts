import { formatRelativeTime } from '../lib/format';

/** "opened 3 days ago", or "opened on 11/21/2026" once formatRelativeTime gives a date. */
export function openedAt(createdAt: string): string {
  return when('opened', createdAt);
}

/** "updated 2 hours ago", or "updated on 11/21/2026". */
export function updatedAt(updated: string): string {
  return when('updated', updated);
}

function when(what: string, date: string): string {
  const relative = formatRelativeTime(date);
  return relative.endsWith('ago') ? `${what} ${relative}` : `${what} on ${relative}`;
}
