import { describe, expect, it } from 'vitest';
import { RETRY_POLICIES, withRetries, type RetryPolicy } from '../src/platform/retry.js';

/** A `run` that fails with each of `failures` in turn, then answers 'done'; and how often it ran. */
function failing(...failures: unknown[]) {
  const state = { runs: 0 };
  const run = async () => {
    state.runs += 1;
    if (failures.length > 0) throw failures.shift();
    return 'done';
  };
  return { state, run };
}

/** Records the waits instead of waiting. */
function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const always = () => true;

describe('withRetries', () => {
  it('tries again after each retryable failure, waiting the policy’s backoff, and answers the result', async () => {
    const { waits, sleep } = recorder();
    const { state, run } = failing(new Error('one'), new Error('two'));
    const retries: { attempt: number; waitMs: number; message: string }[] = [];
    const result = await withRetries(RETRY_POLICIES.transaction, run, {
      retryable: always,
      sleep,
      onRetry: ({ error, attempt, waitMs }) =>
        retries.push({ attempt, waitMs, message: error instanceof Error ? error.message : '' }),
    });
    expect(result).toBe('done');
    expect(state.runs).toBe(3);
    expect(waits).toEqual([200, 400]);
    expect(retries).toEqual([
      { attempt: 1, waitMs: 200, message: 'one' },
      { attempt: 2, waitMs: 400, message: 'two' },
    ]);
  });

  it('gives the last failure to the caller once the tries are spent, without waiting after it', async () => {
    const { waits, sleep } = recorder();
    const last = new Error('third');
    const { state, run } = failing(new Error('first'), new Error('second'), last);
    await expect(withRetries(RETRY_POLICIES.transaction, run, { retryable: always, sleep })).rejects.toBe(
      last,
    );
    expect(state.runs).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('gives a failure that is not retryable to the caller at once, unchanged', async () => {
    const { waits, sleep } = recorder();
    const refusal = new Error('refused');
    const { state, run } = failing(refusal);
    await expect(
      withRetries(RETRY_POLICIES.announce, run, { retryable: (error) => error !== refusal, sleep }),
    ).rejects.toBe(refusal);
    expect(state.runs).toBe(1);
    expect(waits).toEqual([]);
  });

  it('lets `retryable` alone decide, even for a TypeError or a thrown value that is not an Error', async () => {
    const { sleep } = recorder();
    const { state, run } = failing(new TypeError('not a network error'), 'a string');
    expect(await withRetries(RETRY_POLICIES.announce, run, { retryable: always, sleep })).toBe('done');
    expect(state.runs).toBe(3);

    const thrown = failing('only a string');
    await expect(
      withRetries(RETRY_POLICIES.announce, thrown.run, { retryable: () => false, sleep }),
    ).rejects.toBe('only a string');
  });

  it('caps a long backoff at its maximum, and waits before the first try when asked', async () => {
    const { waits, sleep } = recorder();
    const { run } = failing(...Array.from({ length: 8 }, () => new Error('refused')));
    await withRetries(RETRY_POLICIES.busReconnect, run, {
      retryable: always,
      sleep,
      delayFirstAttempt: true,
    });
    expect(waits).toEqual([100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000]);
  });

  it('waits what the failure names, plus the margin, for a policy of named waits', async () => {
    const { waits, sleep } = recorder();
    const limited = Object.assign(new Error('rate-limited'), { waitMs: 3_000 });
    const { state, run } = failing(limited, limited, limited, limited);
    await expect(
      withRetries(RETRY_POLICIES.githubRateLimit, run, {
        retryable: always,
        namedWaitMs: (error) => (error as { waitMs: number }).waitMs,
        sleep,
      }),
    ).rejects.toBe(limited);
    expect(state.runs).toBe(4);
    expect(waits).toEqual([3_500, 3_500, 3_500]);
  });

  it('stops when its signal aborts during a wait, with the signal’s reason', async () => {
    const controller = new AbortController();
    const stop = new Error('shutting down');
    const policy: RetryPolicy = {
      retries: Number.POSITIVE_INFINITY,
      wait: { firstMs: 60_000, factor: 1, maxMs: 60_000 },
    };
    let runs = 0;
    const pending = withRetries(
      policy,
      async () => {
        runs += 1;
        throw new Error('refused');
      },
      {
        retryable: always,
        signal: controller.signal,
        unref: true,
        // Aborted once the wait has begun.
        onRetry: () => setImmediate(() => controller.abort(stop)),
      },
    );
    await expect(pending).rejects.toBe(stop);
    expect(runs).toBe(1);
  });
});
