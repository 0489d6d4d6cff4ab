import { formatInZone } from './format';

/**
 * A moment in full, '11/21/2026, 3:04:05 PM', as `toLocaleString('en-US', { timeZone })` writes it (a time's
 * title on hover): in the browser's time zone, or in `timeZone` (an IANA name) where given, as a page the
 * server rendered does while it is hydrated (`useRenderClock`). One formatter per zone for the page
 * (`formatInZone`): a board's history asks for one per message.
 */
export function formatDateTime(date: Date | string | number, timeZone?: string): string {
  return formatInZone(date instanceof Date ? date : new Date(date), timeZone, true);
}
