import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db/schema.js';
import { RETRY_POLICIES, withRetries } from '../retry.js';
import { decodeBusEvent, encodeBusEvent, Listeners, type BusEvent, type EventBus } from './event-bus.js';

/**
 * The bus between nodes that share a PostgreSQL server: NOTIFY on publish, LISTEN on a connection of its own.
 * NOTIFY is sent through the pool (any connection); the database delivers it to every listening node, this
 * one included. When the listening connection drops (the server restarted, the network broke), the bus
 * reconnects with backoff and then tells its listeners to resync, because notifications sent meanwhile are gone.
 */
export async function createPostgresBus(options: {
  db: Kysely<DB>;
  dedicatedClient: () => pg.Client;
  /** One channel per schema, so test schemas (and deployments sharing a database) never hear each other. */
  channel: string;
  log: FastifyBaseLogger;
}): Promise<EventBus> {
  const { db, channel, log } = options;
  const onError = (error: unknown) => log.error({ err: error }, 'an event bus listener failed');
  const events = new Listeners<[BusEvent]>(onError);
  const resyncs = new Listeners<[]>(onError);
  let client: pg.Client | null = null;
  let closed = false;
  // Aborted on close: ends the waits of a reconnect in progress.
  const closing = new AbortController();

  async function connect(): Promise<void> {
    const next = options.dedicatedClient();
    // Until it is the live client, errors only mean the attempt failed (connect() rejects with them).
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, null));
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      const event = decodeBusEvent(message.payload);
      if (event) events.emit(event);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  function lost(which: pg.Client, error: Error | null): void {
    if (client !== which) return;
    client = null;
    which.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error ?? undefined }, 'the event bus lost its database connection; reconnecting');
    void reconnect();
  }

  async function reconnect(): Promise<void> {
    try {
      // Not at once: a restarting server refuses it, and a connection dropped as soon as made would spin.
      await withRetries(RETRY_POLICIES.busReconnect, connect, {
        retryable: () => !closed,
        delayFirstAttempt: true,
        unref: true,
        signal: closing.signal,
      });
    } catch {
      return; // closed meanwhile
    }
    if (closed) return;
    log.info('the event bus is connected again');
    resyncs.emit();
  }

  await connect();

  return {
    async publish(event) {
      await sql`select pg_notify(${channel}, ${encodeBusEvent(event)})`.execute(db);
    },
    async publishOnCommit(trx, event) {
      await sql`select pg_notify(${channel}, ${encodeBusEvent(event)})`.execute(trx);
      return () => {};
    },
    notifyExpression: (payload) => sql`pg_notify(${channel}, ${payload})`,
    onEvent: (handler) => events.add(handler),
    onResync: (handler) => resyncs.add(handler),
    async close() {
      closed = true;
      closing.abort();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
