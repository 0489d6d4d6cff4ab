import { RETRY_POLICIES, withRetries } from '../retry.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** SQLSTATEs after which running the same transaction again is the right answer: deadlock, serialization. */
const RETRYABLE_STATES = new Set(['40P01', '40001']);

export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && RETRYABLE_STATES.has(code)) || isDatabaseUnavailable(error);
}

/**
 * Runs a whole transaction again when it failed for a reason that is not the request's (a deadlock, a database
 * restart), logging each failure; other errors, and the last transient one, go to the caller. Only for work
 * that is one transaction: a failed attempt rolled back entirely, so nothing is ever left half-done.
 */
export function retryTransaction<T>(
  run: () => Promise<T>,
  log: { warn(object: object, message: string): void },
  what: string,
): Promise<T> {
  return withRetries(RETRY_POLICIES.transaction, run, {
    retryable: isTransient,
    onRetry: ({ error, attempt }) =>
      log.warn({ err: error, attempt }, `${what} failed and was rolled back; trying again`),
  });
}
