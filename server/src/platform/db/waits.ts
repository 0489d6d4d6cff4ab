import { sql, type Kysely } from 'kysely';

/**
 * How long a session of the PostgreSQL pool may wait, on the server and on the way to it. Every wait is
 * bounded so that one stuck party (a node frozen by a long GC pause, a VM freeze or a network partition while
 * its transaction holds a lock) costs the others a few seconds, never their whole pool.
 */
export interface DatabaseWaits {
  /**
   * lock_timeout: the longest a statement waits for a lock (a row, a table, an advisory lock such as a
   * room's). Past it the statement fails with 55P03 and the request answers 503 with Retry-After.
   */
  lockMs: number;
  /**
   * statement_timeout: the longest one statement may run, lock waits included (57014, answered 503). A
   * backstop above lockMs: no request's statement comes near it.
   */
  statementMs: number;
  /**
   * idle_in_transaction_session_timeout: the server ends a session that sits inside a transaction this long
   * without sending a statement. Our transactions never wait on anything but their own statements, so such a
   * session belongs to a node that is frozen or cut off; ending it rolls its transaction back and frees its
   * locks for everyone else.
   */
  idleInTransactionMs: number;
  /** The longest a query waits for a connection of the pool (pg-pool's connectionTimeoutMillis). */
  checkoutMs: number;
}

/**
 * The production values. Requests run statements of milliseconds (the slowest, a catalogue list page, stays
 * far below 100 ms on 100,000 projects), and a room's transaction is a few of them.
 *
 * - 5 s for a lock: a hundred times a busy room's turn, yet short enough that a post answers (503, retry)
 *   well before a browser or load balancer gives up on it.
 * - 15 s per statement: only a runaway query gets there; migrations and bulk loads lift it
 *   (`withoutStatementTimeout`).
 * - 5 s idle inside a transaction: even a badly overloaded node sends its next statement sooner. A GC pause
 *   or freeze longer than that loses its transaction (rolled back whole, the request answers 503) and the
 *   locks it held are freed within 5 s.
 * - 5 s for a pool connection: the pool's wait is bounded as before; past it, 503.
 */
export const DEFAULT_WAITS: DatabaseWaits = {
  lockMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 5_000,
  checkoutMs: 5_000,
};

/**
 * TCP keepalive on the server's side of each session: first probe after 5 s of silence, then every 2 s, the
 * session dropped after 3 unanswered. A node cut off by the network is noticed in about 11 s, and its
 * session's locks (the catalogue sync's session-level lock, a transaction's) go with it, instead of
 * lingering for the kernel's default of two hours. A frozen but reachable node still answers probes (its
 * kernel does), which is why idle transactions have a bound of their own.
 */
const SERVER_KEEPALIVE = { idleSeconds: 5, intervalSeconds: 2, count: 3 };

/** The same on the node's side: a pool connection whose server vanished is noticed rather than waited on. */
export const CLIENT_KEEPALIVE_DELAY_MS = 5_000;

/**
 * What every pool session is started with: the timeouts as startup parameters (a query parameter of the same
 * name in DATABASE_URL, such as `?statement_timeout=60000`, overrides one), and the server's keepalive plus
 * any extra `-c` options in the `options` parameter.
 */
export function sessionParameters(
  waits: DatabaseWaits,
  extraOptions: string[] = [],
): {
  statement_timeout: number;
  lock_timeout: number;
  idle_in_transaction_session_timeout: number;
  options: string;
} {
  return {
    statement_timeout: waits.statementMs,
    lock_timeout: waits.lockMs,
    idle_in_transaction_session_timeout: waits.idleInTransactionMs,
    options: [
      `-c tcp_keepalives_idle=${SERVER_KEEPALIVE.idleSeconds}`,
      `-c tcp_keepalives_interval=${SERVER_KEEPALIVE.intervalSeconds}`,
      `-c tcp_keepalives_count=${SERVER_KEEPALIVE.count}`,
      ...extraOptions,
    ].join(' '),
  };
}

/**
 * Runs `work` on one connection whose statements may run as long as they need: for migrations (an index build,
 * or the wait while another node applies them) and bulk loads, which legitimately outlast any request. Lock
 * waits and idle transactions keep their bounds. The connection gets its usual bound back before it returns
 * to the pool.
 */
export async function withoutStatementTimeout<DB, T>(
  db: Kysely<DB>,
  work: (connection: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select set_config('statement_timeout', '0', false)`.execute(connection);
    try {
      return await work(connection);
    } finally {
      // A broken connection is dropped by the pool anyway; nothing to restore on it.
      await sql`reset statement_timeout`.execute(connection).catch(() => undefined);
    }
  });
}
