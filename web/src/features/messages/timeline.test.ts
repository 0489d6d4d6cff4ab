import { describe, expect, it } from 'vitest';
import { makeMessage } from './test-support';
import {
  buildTimeline,
  continuesGroup,
  dayLabel,
  mergeMessages,
  withDaySeparators,
  type PendingMessage,
} from './timeline';

const pending = (clientId: string, status: PendingMessage['status'] = 'sending'): PendingMessage => ({
  clientId,
  text: `pending ${clientId}`,
  createdAt: '2026-11-21T12:00:00.000Z',
  status,
});

describe('mergeMessages', () => {
  it('keeps each id once, in id order, whichever way a message came', () => {
    const [a, b, c] = [makeMessage({ id: 10 }), makeMessage({ id: 11 }), makeMessage({ id: 12 })];
    // History (newest first), a live frame, and the add-message answer repeating it.
    const merged = mergeMessages([c, a], [b], [b, c]);
    expect(merged.map((message) => message.id)).toEqual([10, 11, 12]);
  });
});

describe('buildTimeline', () => {
  it('shows pending messages after the stored ones until a stored one carries their clientId', () => {
    const stored = [makeMessage({ id: 1, clientId: 'other-client-1' })];
    const before = buildTimeline(stored, [pending('mine-aaaaaaaa'), pending('mine-bbbbbbbb', 'failed')]);
    expect(before.map((entry) => entry.kind)).toEqual(['stored', 'pending', 'pending']);

    const echoed = makeMessage({ id: 2, clientId: 'mine-aaaaaaaa', text: 'pending mine-aaaaaaaa' });
    const after = buildTimeline(
      [...stored, echoed],
      [pending('mine-aaaaaaaa'), pending('mine-bbbbbbbb', 'failed')],
    );
    expect(after).toEqual([
      { kind: 'stored', message: stored[0] },
      { kind: 'stored', message: echoed },
      { kind: 'pending', pending: pending('mine-bbbbbbbb', 'failed') },
    ]);
  });
});

describe('day separators', () => {
  const now = new Date(2026, 10, 21, 12, 0);

  it('names today, yesterday, and older days by their date', () => {
    expect(dayLabel(new Date(2026, 10, 21, 0, 5), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 20, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 13, 9, 0), now)).toBe('Friday, November 13, 2026');
  });

  it('puts one separator before the first message of each day', () => {
    const messages = [
      makeMessage({ id: 1, createdAt: new Date(2026, 10, 19, 9).toISOString() }),
      makeMessage({ id: 2, createdAt: new Date(2026, 10, 20, 9).toISOString() }),
      makeMessage({ id: 3, createdAt: new Date(2026, 10, 20, 22).toISOString() }),
      makeMessage({ id: 4, createdAt: new Date(2026, 10, 21, 8).toISOString() }),
    ];
    const entries = withDaySeparators(buildTimeline(messages, []), now);
    expect(entries.map((entry) => (entry.kind === 'day' ? entry.label : entry.kind))).toEqual([
      'Thursday, November 19, 2026',
      'stored',
      'Yesterday',
      'stored',
      'stored',
      'Today',
      'stored',
    ]);
  });
});

describe('mergeMessages with edits and deletions', () => {
  it('keeps the newest version of a message whatever the order they come in', () => {
    const original = makeMessage({ id: 70, text: 'draft' });
    const edited = { ...original, text: 'final', editedAt: '2026-11-21T12:05:00.000Z' };
    const deleted = {
      ...original,
      text: '',
      editedAt: edited.editedAt,
      deletedAt: '2026-11-21T12:06:00.000Z',
    };
    expect(mergeMessages([edited], [original])[0]?.text).toBe('final');
    expect(mergeMessages([original], [edited])[0]?.text).toBe('final');
    expect(mergeMessages([deleted], [edited], [original])[0]).toEqual(deleted);
  });
});

describe('continuesGroup', () => {
  const bob = { id: 2, login: 'bob', avatarUrl: null };
  const at = (minute: number) => `2026-11-21T12:${String(minute).padStart(2, '0')}:00.000Z`;
  const stored = (minute: number, author = bob) =>
    ({ kind: 'stored', message: makeMessage({ author, createdAt: at(minute) }) }) as const;

  it('joins one author’s messages up to 5 minutes apart, and no others', () => {
    expect(continuesGroup(stored(0), stored(5), 1)).toBe(true);
    expect(continuesGroup(stored(0), stored(6), 1)).toBe(false);
    expect(continuesGroup(stored(0), stored(1, { id: 3, login: 'cy', avatarUrl: null }), 1)).toBe(false);
    expect(continuesGroup(undefined, stored(1), 1)).toBe(false);
    expect(continuesGroup({ kind: 'day', key: 'd', label: 'Today' }, stored(1), 1)).toBe(false);
  });

  it('puts the user’s pending message under their own stored one; gone authors never group', () => {
    const mine = stored(0, { id: 1, login: 'ada', avatarUrl: null });
    const sending = { kind: 'pending', pending: { ...pending('p1'), createdAt: at(1) } } as const;
    expect(continuesGroup(mine, sending, 1)).toBe(true);
    expect(continuesGroup(mine, sending, 9)).toBe(false);
    const ghost = { id: 0, login: 'ghost', avatarUrl: null };
    expect(continuesGroup(stored(0, ghost), stored(1, ghost), 1)).toBe(false);
  });
});
