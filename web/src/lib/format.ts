const COUNT_UNITS = [
  { size: 1_000, suffix: 'k' },
  { size: 1_000_000, suffix: 'm' },
  { size: 1_000_000_000, suffix: 'b' },
] as const;

/**
 * Short form of a count: 999 -> '999', 1500 -> '1.5k', 2_300_000 -> '2.3m', 4_000_000_000 -> '4.0b'.
 * Rounds to one decimal, half up; a value that would round to 1000.0 of one unit is shown in the next one
 * (999_950 -> '1.0m', not '1000.0k').
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (n < 0) return `-${formatCount(-n)}`;
  if (n < 1_000) return String(n);

  for (let index = COUNT_UNITS.length - 1; index >= 0; index -= 1) {
    const unit = COUNT_UNITS[index];
    if (unit === undefined || n < unit.size) continue;
    // Whole tenths of the unit, computed by one division so that 1050 is exactly 10.5 tenths (no float drift).
    const tenths = Math.round(n / (unit.size / 10));
    const next = COUNT_UNITS[index + 1];
    if (tenths >= 10_000 && next !== undefined) {
      return formatTenths(Math.round(n / (next.size / 10)), next.suffix);
    }
    return formatTenths(tenths, unit.suffix);
  }
  return String(n);
}

/**
 * A whole count in full with thousands separators, as a total is read: 1903 -> '1,903' (what
 * `toLocaleString('en-US')` gives). Written out rather than asked of Intl: the first number a page formats
 * through Intl loads the locale's data, some 70 ms of Discover's first render on Lighthouse's slowed-down phone,
 * and every later call with a locale builds a formatter again; a count needs only its commas.
 */
export function formatExactCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

function formatTenths(tenths: number, suffix: string): string {
  return `${Math.floor(tenths / 10)}.${tenths % 10}${suffix}`;
}

/** What dates are written against: a moment, and a time zone (an IANA name; undefined: the browser's own). */
export interface Clock {
  now: Date;
  timeZone: string | undefined;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * How long ago `date` was: '< 1 minute ago' (also for dates in the future), 'N minutes ago', 'N hours ago',
 * 'N days ago'; from 7 days on, the date itself in US form ('11/21/2026'), in `timeZone` (an IANA name), else
 * the browser's. A page the server rendered passes the server's clock and zone while it is hydrated
 * (`useRenderClock`), so its first render writes what the server wrote.
 */
export function formatRelativeTime(
  date: Date | string | number,
  now: Date = new Date(),
  timeZone?: string,
): string {
  const then = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(then.getTime())) return '';
  const elapsed = now.getTime() - then.getTime();

  if (elapsed < MINUTE) return '< 1 minute ago';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return plural(Math.floor(elapsed / DAY), 'day');
  return formatShortDate(then, timeZone);
}

/**
 * A date in US form, '11/21/2026', as `toLocaleDateString('en-US', { timeZone })` writes it: in the browser's
 * time zone, or in `timeZone` where given. Without Intl (see formatExactCount) in the browser's zone and in UTC
 * (where servers usually run): a list of cards writes one per card. Another zone asks Intl (`formatInZone`).
 */
export function formatShortDate(date: Date, timeZone?: string): string {
  if (timeZone === undefined) return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
  if (/^(Etc\/)?(UTC|GMT)$/.test(timeZone)) {
    return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
  }
  return formatInZone(date, timeZone, false);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date, with its time where asked ('11/21/2026, 3:04:05 PM'), as `toLocaleString('en-US', { timeZone })` writes
 * it; in the browser's own zone for one it does not know (the nearest it has). One formatter per kind and zone,
 * made on first use: `toLocaleString` with a locale makes one on every call.
 */
export function formatInZone(date: Date, timeZone: string | undefined, withTime: boolean): string {
  const key = `${withTime} ${timeZone}`;
  let format = zoneFormats.get(key);
  if (format === undefined) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit', second: '2-digit' } : {}),
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', options);
    }
    zoneFormats.set(key, format);
  }
  return format.format(date);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}
