import { setTimeout as delay } from 'node:timers/promises';
import pRetry from 'p-retry';

/** Waits that grow: `firstMs` before the first retry, then `factor` times the wait before, at most `maxMs`. */
export interface Backoff {
  firstMs: number;
  factor: number;
  maxMs: number;
}

/** Waits the failure itself names (a rate limit's reset, through `namedWaitMs`), plus a margin. */
export interface NamedWait {
  marginMs: number;
}

export interface RetryPolicy {
  /** Tries after the first one; Infinity tries until one succeeds or the signal aborts. */
  retries: number;
  wait: Backoff | NamedWait;
}

const backoff = (firstMs: number, factor: number, maxMs = Number.POSITIVE_INFINITY): Backoff => ({
  firstMs,
  factor,
  maxMs,
});

/**
 * Every retry the server makes, in one place. Which failures are worth another try is the caller's to say
 * (`retryable`); how often and how long apart is said here.
 */
export const RETRY_POLICIES = {
  /** A transaction that failed for a reason not the request's (a deadlock, a database restart): 3 tries. */
  transaction: { retries: 2, wait: backoff(200, 2) },
  /** Announcing a committed change to the nodes: 5 tries, 0.4 s doubling to 3.2 s, then the resyncs catch up. */
  announce: { retries: 4, wait: backoff(400, 2) },
  /** The event bus's listening connection: until it is back, 100 ms doubling to at most 5 s. */
  busReconnect: { retries: Number.POSITIVE_INFINITY, wait: backoff(100, 2, 5_000) },
  /** A catalogue sync request GitHub failed on its side (5xx) or did not answer: 2 s, then 8 s. */
  githubFailure: { retries: 2, wait: backoff(2_000, 4) },
  /**
   * A GitHub rate limit short enough to sit out: at most 3 waits per request, each until the reset named plus
   * half a second (GitHub's reset times are whole seconds, and clocks differ a little).
   */
  githubRateLimit: { retries: 3, wait: { marginMs: 500 } },
  /** ecosyste.ms' rate limit: sat out once; if it comes back, its lookups wait for the next run. */
  ecosystemsRateLimit: { retries: 1, wait: { marginMs: 500 } },
} as const satisfies Record<string, RetryPolicy>;

export interface RetryOptions {
  /** Whether a failure is worth another try; any other failure goes to the caller at once. */
  retryable(error: unknown): boolean;
  /** For a policy of named waits: how long, from now, the failure asks to wait. */
  namedWaitMs?(error: unknown): number;
  /** Told before each wait, to log the failure: which try failed (1, 2, ...) and the wait before the next. */
  onRetry?(failure: { error: unknown; attempt: number; waitMs: number }): void;
  /** Wait before the first try too (a reconnect just after the connection dropped). */
  delayFirstAttempt?: boolean;
  /** Ends the waiting and the tries: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** For retries in the background, which nobody awaits: their waits do not keep the process alive. */
  unref?: boolean;
  /** How to wait; tests pass one that only records. By default a timer. */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Runs `run` until it succeeds, a failure is not `retryable`, the policy's tries are spent (the last failure
 * goes to the caller) or the signal aborts. p-retry counts the tries; the waits are computed and slept here,
 * through `sleep`, so tests can see them and a stop cuts them short.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  run: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => timer(ms, !options.unref, signal));
  const shift = options.delayFirstAttempt ? 1 : 0;
  if (shift) await sleep(waitBefore(policy, 1, undefined, options), options.signal);
  try {
    return await pRetry(
      async (attempt) => {
        try {
          return await run(attempt);
        } catch (error) {
          // Wrapped, so that `retryable` alone decides: p-retry itself never retries a TypeError, for one.
          throw new FailedTry(error);
        }
      },
      {
        retries: policy.retries,
        // p-retry waits nothing itself: the waits are the policy's, slept in onFailedAttempt below.
        minTimeout: 0,
        signal: options.signal,
        shouldRetry: ({ error }) => options.retryable(failureOf(error)),
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          const failure = failureOf(error);
          if (retriesLeft <= 0 || !options.retryable(failure)) return;
          const waitMs = waitBefore(policy, attemptNumber + shift, failure, options);
          options.onRetry?.({ error: failure, attempt: attemptNumber, waitMs });
          await sleep(waitMs, options.signal);
        },
      },
    );
  } catch (error) {
    throw failureOf(error);
  }
}

/** The wait before retry `retry` (1 for the first): the backoff's, or the one the failure names. */
function waitBefore(policy: RetryPolicy, retry: number, failure: unknown, options: RetryOptions): number {
  const { wait } = policy;
  if ('marginMs' in wait) {
    if (!options.namedWaitMs) throw new Error('A policy of named waits needs namedWaitMs.');
    return Math.max(0, options.namedWaitMs(failure)) + wait.marginMs;
  }
  return Math.min(wait.firstMs * wait.factor ** (retry - 1), wait.maxMs);
}

class FailedTry extends Error {
  constructor(readonly failure: unknown) {
    super('a try failed');
  }
}

function failureOf(error: unknown): unknown {
  return error instanceof FailedTry ? error.failure : error;
}

/** Waits `ms`; an abort rejects with the signal's reason (node's timer would reject with its own error). */
async function timer(ms: number, ref: boolean, signal?: AbortSignal): Promise<void> {
  try {
    await delay(ms, undefined, { ref, ...(signal ? { signal } : {}) });
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  }
}
