import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from '../src/platform/repeat.js';

afterEach(() => vi.useRealTimers());

describe('repeatEvery', () => {
  it('runs after each interval, sooner when the task asks, on after a failure, and never after the stop', async () => {
    vi.useFakeTimers();
    const answers: (number | Error | undefined)[] = [50, new Error('down'), undefined];
    const errors: unknown[] = [];
    let runs = 0;
    const stop = repeatEvery(
      () => {
        const answer = answers[runs++];
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
      1000,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // The task asked for 50 ms.
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toBe(2);
    expect(errors).toEqual([new Error('down')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });
});
