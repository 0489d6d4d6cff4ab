import { describe, expect, it } from 'vitest';
import {
  CLOCK_MINUTES,
  DAY_HOURS,
  formatTimezoneWindow,
  groupReasons,
  overlapMinutes,
  windowDistanceMinutes,
  windowSpanMinutes,
  windowWraps,
} from '../src/people.js';

const h = (hours: number) => hours * 60;
const DAY = h(DAY_HOURS);

describe('a timezone window round the clock', () => {
  it('runs east from its first end, across the date line when its second end is west of it', () => {
    expect(windowWraps(h(-1), h(3))).toBe(false);
    expect(windowSpanMinutes(h(-1), h(3))).toBe(h(4));
    // UTC+10 to UTC-8: +10, +11, +12, -11, -10, -9, -8 — six hours over the Pacific, not eighteen over the world.
    expect(windowWraps(h(10), h(-8))).toBe(true);
    expect(windowSpanMinutes(h(10), h(-8))).toBe(h(6));
    // UTC+14 is UTC-10 a day later: east from it, UTC-12 is 22 hours on.
    expect(windowSpanMinutes(h(14), h(-12))).toBe(h(22));
    expect(windowSpanMinutes(h(5), h(5))).toBe(0);
  });

  it('says so where it is shown', () => {
    expect(formatTimezoneWindow(h(-1), h(3))).toBe('UTC-1 to UTC+3');
    expect(formatTimezoneWindow(h(10), h(-8))).toBe('UTC+10 to UTC-8 (across the date line)');
    expect(formatTimezoneWindow(330, 330)).toBe('UTC+5:30');
    expect(formatTimezoneWindow(null, null)).toBe('Any timezone');
  });

  it.each([
    // [offset, from, to, distance]
    [h(1), h(-1), h(3), 0],
    [h(5), h(-1), h(3), h(2)],
    [h(-4), h(-1), h(3), h(3)],
    // Inside a wrapping window, on either side of the date line.
    [h(12), h(10), h(-8), 0],
    [h(-10), h(10), h(-8), 0],
    [h(14), h(10), h(-8), 0],
    // Outside it, measured to the nearer end, which may be across the line.
    [h(-5), h(10), h(-8), h(3)],
    [h(8), h(10), h(-8), h(2)],
    [0, h(10), h(-8), h(8)],
    // A day apart is no distance: UTC+14 is an hour from UTC-11.
    [h(14), h(-12), h(-11), h(1)],
    [h(-11), h(13), h(14), 0],
    [h(-12), h(13), h(14), h(1)],
    // Half-hour zones.
    [330, h(1), h(3), 150],
    [-450, h(10), h(-8), 30],
    [-570, h(10), h(-8), 0],
  ])('offset %i, window %i to %i: %i minutes away', (offset, from, to, distance) => {
    expect(windowDistanceMinutes(offset, from, to)).toBe(distance);
  });
});

describe('the overlap of a window with someone’s day', () => {
  it('is the whole day inside the window, or for any timezone', () => {
    expect(overlapMinutes(h(2), h(1), h(3))).toBe(DAY);
    expect(overlapMinutes(h(-10), h(10), h(-8))).toBe(DAY);
    expect(overlapMinutes(h(7), null, null)).toBe(DAY);
  });

  it('is the whole day everywhere for a window of every offset, whichever way it is given', () => {
    for (let offset = -720; offset <= 840; offset += 30) {
      expect(overlapMinutes(offset, -720, 840)).toBe(DAY);
      expect(overlapMinutes(offset, -720, 720)).toBe(DAY);
      // East from UTC+12 back round to UTC+11:30: every offset but the half hour between.
      expect(overlapMinutes(offset, 720, 690)).toBeGreaterThanOrEqual(DAY - 30);
    }
  });

  it('wraps: the Pacific window overlaps London an hour and Sydney and Los Angeles fully', () => {
    expect(overlapMinutes(0, h(10), h(-8))).toBe(h(1));
    expect(overlapMinutes(h(10), h(10), h(-8))).toBe(DAY);
    expect(overlapMinutes(h(-8), h(10), h(-8))).toBe(DAY);
    expect(overlapMinutes(h(-7), h(10), h(-8))).toBe(DAY - h(1));
  });

  it('counts the hours of a day that crosses midnight in UTC', () => {
    // UTC+14's day is 19:00 to 04:00 UTC; UTC-11's is 20:00 to 05:00 UTC: eight hours together.
    expect(overlapMinutes(h(14), h(-11), h(-11))).toBe(h(8));
    expect(overlapMinutes(h(-11), h(14), h(14))).toBe(h(8));
  });

  it('is zero a day’s length away or more, never negative', () => {
    expect(overlapMinutes(h(12), h(-3), h(-1))).toBe(0);
    expect(overlapMinutes(h(9), h(-3), h(-1))).toBe(0);
    expect(overlapMinutes(h(8), h(-1), h(-1))).toBe(0);
    expect(overlapMinutes(h(7), h(-1), h(-1))).toBe(h(1));
  });

  it('takes half-hour zones as they are', () => {
    // UTC+5:30 and a window from UTC+1 to UTC+3: two and a half hours apart.
    expect(overlapMinutes(330, h(1), h(3))).toBe(DAY - 150);
    expect(overlapMinutes(345, 345, 345)).toBe(DAY);
    expect(overlapMinutes(-450, h(10), h(-8))).toBe(DAY - 30);
  });

  it('agrees both ways: a person’s overlap with a one-offset window is the same from either side', () => {
    for (let a = -720; a <= 840; a += 30) {
      for (let b = -720; b <= 840; b += 90) {
        expect(overlapMinutes(a, b, b)).toBe(overlapMinutes(b, a, a));
      }
    }
    expect(CLOCK_MINUTES).toBe(1440);
  });

  it('says a wrapping window’s overlap among a match’s reasons', () => {
    const reasons = groupReasons({
      matchedSkills: [],
      overlapMinutes: overlapMinutes(0, h(10), h(-8)),
      anyTimezone: false,
      groupHours: null,
      personHours: null,
      activeAt: new Date(0),
    });
    expect(reasons).toEqual(['overlaps 1 h with your day']);
  });
});
