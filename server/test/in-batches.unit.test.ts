import { describe, expect, it } from 'vitest';
import { inBatches } from '../src/platform/in-batches.js';

describe('inBatches', () => {
  it('visits every item once, in order, and lets work queued meanwhile run between batches', async () => {
    const seen: string[] = [];
    // Queued as the pass starts: it runs after the first batch, not after the whole pass.
    setImmediate(() => seen.push('other work'));
    await inBatches([1, 2, 3, 4, 5], 2, (item) => seen.push(String(item)));
    expect(seen).toEqual(['1', '2', 'other work', '3', '4', '5']);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await inBatches([], 3, () => (calls += 1));
    expect(calls).toBe(0);
  });
});
