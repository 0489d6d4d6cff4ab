import { QueueWaitTimeoutError } from '../keyed-queue.js';

/** Socket errors that mean the database server cannot be reached right now. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that is going away or not ready (shutting down, crashed, starting up, full), or that
 * ended our session because it sat idle inside a transaction (25P03: the node was frozen; the transaction
 * rolled back whole).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25P03']);
/**
 * SQLSTATEs of a wait that ran out: lock_not_available (lock_timeout, or NOWAIT) and query_canceled
 * (statement_timeout, or a cancel request).
 */
const WAIT_TIMEOUT_STATES = new Set(['55P03', '57014']);
/** node-postgres reports a lost or never-made connection with these words and no code. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * Whether an error only says that the database is away for the moment (restarting, failing over, unreachable),
 * not that the request was wrong or our code is. The HTTP layer answers those with 503 and Retry-After, so
 * clients and load balancers retry rather than give up.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code)) return true;
    // Class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && CONNECTION_MESSAGES.some((words) => message.includes(words));
}

/**
 * Whether a request gave up waiting: for a lock (lock_timeout), for its statement (statement_timeout), or for
 * its turn in an in-process queue in front of a lock (a room's posts). Someone else holds what it needs, for
 * now: another node mid-transaction, perhaps frozen until the server ends its session. Not retried in
 * process (that would only multiply the wait); the client is told to retry.
 */
export function isWaitTimeout(error: unknown): boolean {
  if (error instanceof QueueWaitTimeoutError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && WAIT_TIMEOUT_STATES.has(code);
}

/**
 * The one decision the HTTP layer asks for: why a failed request may simply be retried later (answered 503
 * with Retry-After), or null when the failure is not temporary (a bad query, our defect: 500).
 */
export function temporaryFailure(error: unknown): 'database unavailable' | 'wait timed out' | null {
  if (isDatabaseUnavailable(error)) return 'database unavailable';
  if (isWaitTimeout(error)) return 'wait timed out';
  return null;
}
