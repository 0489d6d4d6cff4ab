import { describe, expect, it } from 'vitest';
import { formatCount, formatExactCount, formatRelativeTime, formatShortDate } from './format';
import { formatDateTime } from './format-date-time';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1.0k'],
    [1_049, '1.0k'],
    [1_050, '1.1k'],
    [1_500, '1.5k'],
    [12_345, '12.3k'],
    [999_949, '999.9k'],
    [999_950, '1.0m'],
    [999_999, '1.0m'],
    [1_000_000, '1.0m'],
    [2_345_678, '2.3m'],
    [999_949_999, '999.9m'],
    [999_950_000, '1.0b'],
    [1_000_000_000, '1.0b'],
    [4_560_000_000, '4.6b'],
    [1_234_000_000_000, '1234.0b'],
  ])('%i -> %s', (input, expected) => {
    expect(formatCount(input)).toBe(expected);
  });

  it('keeps the sign of a negative count', () => {
    expect(formatCount(-1_500)).toBe('-1.5k');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 10, 21, 12, 0, 0);
  const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds);
  const SECOND = 1_000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it.each([
    ['0 s', 0, '< 1 minute ago'],
    ['59 s', 59 * SECOND, '< 1 minute ago'],
    ['59.999 s', MINUTE - 1, '< 1 minute ago'],
    ['60 s', MINUTE, '1 minute ago'],
    ['119 s', 2 * MINUTE - SECOND, '1 minute ago'],
    ['2 min', 2 * MINUTE, '2 minutes ago'],
    ['59 min 59 s', HOUR - SECOND, '59 minutes ago'],
    ['60 min', HOUR, '1 hour ago'],
    ['1 h 59 min', 2 * HOUR - MINUTE, '1 hour ago'],
    ['2 h', 2 * HOUR, '2 hours ago'],
    ['23 h 59 min', DAY - MINUTE, '23 hours ago'],
    ['24 h', DAY, '1 day ago'],
    ['47 h 59 min', 2 * DAY - MINUTE, '1 day ago'],
    ['48 h', 2 * DAY, '2 days ago'],
    ['6 d 23 h', 7 * DAY - HOUR, '6 days ago'],
    ['6 d 23 h 59 min 59 s', 7 * DAY - SECOND, '6 days ago'],
  ])('%s ago -> %s', (_label, elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('shows the US-format date from 7 days on', () => {
    expect(formatRelativeTime(new Date(2026, 10, 14, 12, 0, 0), now)).toBe('11/14/2026');
    expect(formatRelativeTime(new Date(2025, 0, 5, 8, 30, 0), now)).toBe('1/5/2025');
  });

  it('treats a date in the future as just now', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe('< 1 minute ago');
  });

  it('accepts the ISO strings the API sends', () => {
    expect(formatRelativeTime(ago(3 * HOUR).toISOString(), now)).toBe('3 hours ago');
  });

  it('measures against the current time by default', () => {
    expect(formatRelativeTime(new Date(Date.now() - 5 * MINUTE))).toBe('5 minutes ago');
  });
});

describe('formatExactCount, formatShortDate and formatDateTime', () => {
  it.each([0, 7, 999, 1000, 1903, 12_345, 999_999, 1_000_000, 4_000_000_123, -1234])(
    'writes %s as toLocaleString("en-US") does',
    (n) => {
      expect(formatExactCount(n)).toBe(n.toLocaleString('en-US'));
    },
  );

  it.each([
    new Date(2026, 10, 14, 12, 0, 0),
    new Date(2025, 0, 5, 0, 0, 0),
    new Date(2024, 11, 31, 23, 59, 59),
  ])('writes %s as toLocaleDateString and toLocaleString ("en-US") do', (date) => {
    expect(formatShortDate(date)).toBe(date.toLocaleDateString('en-US'));
    expect(formatDateTime(date)).toBe(date.toLocaleString('en-US'));
    expect(formatDateTime(date.toISOString())).toBe(date.toLocaleString('en-US'));
  });

  it.each(['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata'])(
    'writes a date in a given zone, %s, as toLocaleDateString and toLocaleString ("en-US", { timeZone }) do',
    (timeZone) => {
      // Just before midnight in UTC: a day later far east of it, the same day west of it.
      const date = new Date(Date.UTC(2026, 10, 18, 23, 30));
      expect(formatShortDate(date, timeZone)).toBe(date.toLocaleDateString('en-US', { timeZone }));
      expect(formatRelativeTime(date, new Date(Date.UTC(2026, 11, 1)), timeZone)).toBe(
        date.toLocaleDateString('en-US', { timeZone }),
      );
      expect(formatDateTime(date, timeZone)).toBe(date.toLocaleString('en-US', { timeZone }));
    },
  );

  it('writes a date in the browser’s zone when it does not know the one given', () => {
    const date = new Date(2026, 10, 14, 12, 0, 0);
    expect(formatShortDate(date, 'Mars/Olympus_Mons')).toBe(date.toLocaleDateString('en-US'));
    expect(formatDateTime(date, 'Mars/Olympus_Mons')).toBe(date.toLocaleString('en-US'));
  });
});
