import { describe, expect, it } from 'vitest';
import { makeMessage } from './test-support';
import { buildTimeline, dayLabel, mergeMessages, withDaySeparators, type PendingMessage } from './timeline';

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
