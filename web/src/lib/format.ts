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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * How long ago `date` was: '< 1 minute ago' (also for dates in the future), 'N minutes ago', 'N hours ago',
 * 'N days ago'; from 7 days on, the date itself in US form ('11/21/2026'), in the browser's time zone.
 */
export function formatRelativeTime(date: Date | string | number, now: Date = new Date()): string {
  const then = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(then.getTime())) return '';
  const elapsed = now.getTime() - then.getTime();

  if (elapsed < MINUTE) return '< 1 minute ago';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return plural(Math.floor(elapsed / DAY), 'day');
  return formatShortDate(then);
}

/**
 * A date in US form in the browser's time zone, '11/21/2026', as `toLocaleDateString('en-US')` writes it, without
 * Intl (see formatExactCount): a list of cards writes one per card.
 */
export function formatShortDate(date: Date): string {
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}
