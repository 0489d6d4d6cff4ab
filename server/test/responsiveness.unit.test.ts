// A project's responsiveness: the median first maintainer answer over its recent issues, and an answer added.
import { describe, expect, it } from 'vitest';
import {
  medianFirstAnswerHours,
  readRecentIssues,
  RESPONSIVENESS_SAMPLE,
  withMaintainerAnswer,
  type RecentIssue,
} from '../src/catalog/sync/responsiveness.js';

const base = Date.parse('2026-11-01T00:00:00Z');
const at = (hours: number) => new Date(base + hours * 3_600_000);
const issue = (number: number, opened: number, answeredAfter: number | null): RecentIssue => ({
  number,
  createdAt: at(opened).toISOString(),
  answeredAt: answeredAfter === null ? null : at(opened + answeredAfter).toISOString(),
});

describe('responsiveness', () => {
  it('is the median over the newest issues that got an answer, to a tenth of an hour', () => {
    expect(medianFirstAnswerHours([issue(1, 0, 2), issue(2, 1, null), issue(3, 2, 10.04)])).toBe(6);
    expect(medianFirstAnswerHours([issue(1, 0, null)])).toBeNull();
    // Only the newest RESPONSIVENESS_SAMPLE count: the oldest, answered in an hour, is not among them.
    const many = Array.from({ length: RESPONSIVENESS_SAMPLE }, (_, i) => issue(10 + i, 100 + i, 50));
    expect(medianFirstAnswerHours([issue(1, 0, 1), ...many])).toBe(50);
  });

  it("keeps an issue's earliest answer and places a new issue among the newest", () => {
    const recent = [issue(1, 0, 10), issue(2, 5, null)];
    expect(withMaintainerAnswer(recent, { number: 1, createdAt: at(0), at: at(20) })).toBeNull();
    expect(withMaintainerAnswer(recent, { number: 1, createdAt: at(0), at: at(4) })).toEqual([
      issue(2, 5, null),
      issue(1, 0, 4),
    ]);
    expect(withMaintainerAnswer(recent, { number: 3, createdAt: at(8), at: at(9) })?.[0]).toEqual(
      issue(3, 8, 1),
    );
  });

  it('leaves a full sample alone for an issue older than all of it', () => {
    const full = Array.from({ length: RESPONSIVENESS_SAMPLE }, (_, i) => issue(10 + i, 100 + i, null));
    expect(withMaintainerAnswer(full, { number: 1, createdAt: at(0), at: at(1) })).toBeNull();
    expect(withMaintainerAnswer(full, { number: 99, createdAt: at(500), at: at(501) })).toHaveLength(
      RESPONSIVENESS_SAMPLE,
    );
  });

  it('reads back what it stored and passes over anything else', () => {
    expect(readRecentIssues([issue(1, 0, 2), { number: 'x' }, null, 3])).toEqual([issue(1, 0, 2)]);
    expect(readRecentIssues('not a list')).toEqual([]);
  });
});
