import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { RETRY_POLICIES, withRetries } from '../retry.js';
import type { EventBus } from './event-bus.js';
import { createMemoryBus } from './memory-bus.js';
import { createPostgresBus } from './postgres-bus.js';

import type { BusEvent } from './event-bus.js';
export type { BusEvent, EventBus } from './event-bus.js';

/** In process on PGlite (one node); LISTEN/NOTIFY on a PostgreSQL server (any number of nodes). */
export function createEventBus(database: Database, log: FastifyBaseLogger): Promise<EventBus> {
  if (database.kind === 'pglite' || !database.dedicatedClient) {
    return Promise.resolve(
      createMemoryBus((error) => log.error({ err: error }, 'an event bus listener failed')),
    );
  }
  return createPostgresBus({
    db: database.db,
    dedicatedClient: database.dedicatedClient,
    channel: database.schema ? `openlfg_events_${database.schema}` : 'openlfg_events',
    log,
  });
}

/**
 * Publishes after a change has committed, without making the caller wait or fail: the change stands either
 * way. A failure (the database went away for a moment) is logged and tried again with backoff; if every try
 * fails, the realtime channel's periodic and reconnect checks still catch up.
 */
export function announce(bus: EventBus, event: BusEvent, log: FastifyBaseLogger): void {
  withRetries(RETRY_POLICIES.announce, () => bus.publish(event), {
    retryable: () => true,
    unref: true,
    onRetry: ({ error, attempt }) =>
      log.warn({ err: error, event, attempt }, 'announcing a change failed; trying again'),
  }).catch((error: unknown) => log.error({ err: error, event }, 'announcing a change failed; giving up'));
}
