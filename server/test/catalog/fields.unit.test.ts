import { describe, expect, it } from 'vitest';
import { BEGINNER_LABELS, isBeginnerFriendly } from '../../src/catalog/sources/beginner-labels.js';
import {
  normaliseTopics,
  quote,
  readCount,
  readDate,
  readText,
  shortMessage,
} from '../../src/catalog/sources/fields.js';

describe('isBeginnerFriendly', () => {
  it('holds the nine labels of the goodfirstissue catalogue', () => {
    expect(BEGINNER_LABELS).toEqual([
      'good first issue',
      'good-first-issue',
      'beginner',
      'beginner-friendly',
      'easy',
      'first-timers-only',
      'starter',
      'help wanted',
      'low-hanging-fruit',
    ]);
  });

  it.each(BEGINNER_LABELS)('recognises %j', (label) => {
    expect(isBeginnerFriendly([label])).toBe(true);
    expect(isBeginnerFriendly(['bug', label.toUpperCase()])).toBe(true);
  });

  it('ignores case and surrounding whitespace', () => {
    expect(isBeginnerFriendly(['  Good First Issue '])).toBe(true);
    expect(isBeginnerFriendly(['Help Wanted'])).toBe(true);
  });

  it('needs an exact label, not a resemblance', () => {
    expect(isBeginnerFriendly([])).toBe(false);
    expect(isBeginnerFriendly(['bug', 'enhancement'])).toBe(false);
    expect(isBeginnerFriendly(['good first issues'])).toBe(false);
    expect(isBeginnerFriendly(['not easy'])).toBe(false);
    expect(isBeginnerFriendly(['good_first_issue'])).toBe(false);
    expect(isBeginnerFriendly([':gear: good first issue'])).toBe(false);
  });
});

describe('readText', () => {
  it('trims, collapses whitespace and drops control characters', () => {
    expect(readText('  Hello \n  world\t! ', 100)).toBe('Hello world !');
    expect(readText('a\u0000b\u0007c', 100)).toBe('abc');
  });

  it('is null for empty text and for anything that is not a string', () => {
    for (const value of ['', '   ', '\n\t', null, undefined, 42, true, ['text'], { text: 'x' }]) {
      expect(readText(value, 100)).toBeNull();
    }
  });

  it('bounds the length without splitting a character', () => {
    expect(readText('x'.repeat(1500), 1000)).toHaveLength(1000);
    expect(readText('x'.repeat(1500), 1000)?.endsWith('…')).toBe(true);
    expect(readText('x'.repeat(1000), 1000)).toBe('x'.repeat(1000));
    const emoji = readText('😀'.repeat(20), 10);
    expect(Array.from(emoji ?? '')).toHaveLength(10);
    expect(emoji).toBe(`${'😀'.repeat(9)}…`);
  });
});

describe('readCount', () => {
  it('keeps finite non-negative integers', () => {
    expect(readCount(0)).toBe(0);
    expect(readCount(2212)).toBe(2212);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, '12', null, undefined, true, [3], 12n])(
    'is null for %s',
    (value) => {
      expect(readCount(value)).toBeNull();
    },
  );
});

describe('readDate', () => {
  it.each([
    ['2024-10-16T07:18:11Z', '2024-10-16T07:18:11.000Z'],
    ['2026-06-03T19:51:25Z', '2026-06-03T19:51:25.000Z'],
    ['2024-10-16T07:18:11.123+02:00', '2024-10-16T05:18:11.123Z'],
    ['2024-10-16T07:18:11-0500', '2024-10-16T12:18:11.000Z'],
    ['2024-10-16 07:18:11', '2024-10-16T07:18:11.000Z'],
    ['2024-10-16T07:18', '2024-10-16T07:18:00.000Z'],
    ['2024-10-16', '2024-10-16T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    [' 2024-10-16T07:18:11Z ', '2024-10-16T07:18:11.000Z'],
  ])('reads %j as %s (UTC when no offset is given)', (value, iso) => {
    expect(readDate(value)?.toISOString()).toBe(iso);
  });

  it('keeps a valid Date as a copy', () => {
    const date = new Date('2024-01-01T00:00:00Z');
    const read = readDate(date);
    expect(read?.getTime()).toBe(date.getTime());
    expect(read).not.toBe(date);
  });

  it.each([
    'yesterday',
    '',
    '2024-13-01',
    '2024-02-30',
    '2023-02-29',
    '2024-00-10',
    '2024-10-00',
    '2024-10-16T25:00:00Z',
    '16/10/2024',
    'Wed Oct 16 2024',
    '1729063091',
    null,
    1729063091000,
    new Date('nonsense'),
  ])('is null for %j', (value) => {
    expect(readDate(value)).toBeNull();
  });
});

describe('normaliseTopics', () => {
  it('lowercases, trims, joins words with hyphens and removes duplicates in order', () => {
    expect(normaliseTopics(['Java', ' android ', 'Machine  Learning', 'java', 'ANDROID'])).toEqual([
      'java',
      'android',
      'machine-learning',
    ]);
  });

  it('drops what is not a usable string', () => {
    expect(normaliseTopics(['', '   ', 42, null, ['x'], 'ok', 'x'.repeat(51), 'y'.repeat(50)])).toEqual([
      'ok',
      'y'.repeat(50),
    ]);
  });

  it('stores each topic under its canonical name, so the aliases of a subject become one topic', () => {
    expect(normaliseTopics(['ReactJS', 'react.js', 'React', 'Node.js', 'C#', 'c++', '.NET'])).toEqual([
      'react',
      'nodejs',
      'csharp',
      'cpp',
      'dotnet',
    ]);
  });

  it('keeps at most twenty', () => {
    const topics = normaliseTopics(Array.from({ length: 31 }, (_, index) => `topic-${index}`));
    expect(topics).toHaveLength(20);
    expect(topics[0]).toBe('topic-0');
    expect(topics[19]).toBe('topic-19');
  });

  it('counts twenty distinct topics, not twenty inputs', () => {
    const topics = normaliseTopics([...Array.from({ length: 10 }, () => 'same'), ...'abcdefghijklmnopqrstu']);
    expect(topics).toHaveLength(20);
    expect(topics.slice(0, 2)).toEqual(['same', 'a']);
  });
});

describe('reasons', () => {
  it('quotes values on one line, bounded', () => {
    expect(quote(' https://gitlab.com/x ')).toBe('https://gitlab.com/x');
    expect(quote('two\nlines')).toBe('"two\\nlines"');
    expect(quote(42)).toBe('42');
    expect(quote(undefined)).toBe('undefined');
    expect(quote('x'.repeat(500))).toHaveLength(200);
  });

  it('keeps the first line of an error message', () => {
    expect(shortMessage(new Error('\nMap keys must be unique at line 3\n\n  name: x\n'))).toBe(
      'Map keys must be unique at line 3',
    );
    expect(shortMessage('plain')).toBe('plain');
  });
});
