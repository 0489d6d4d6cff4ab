import type { Kysely } from 'kysely';
import type { DB } from '../../../server/dist/platform/db/schema.js';
import type { SendRecord } from './senders.js';
import type { Subscriber } from './subscribers.js';

async function idsByRoom(db: Kysely<DB>, rooms: string[]): Promise<Map<string, number[]>> {
  const rows = await db
    .selectFrom('messages')
    .select(['room', 'id'])
    .where('room', 'in', rooms)
    .orderBy('id')
    .execute();
  const byRoom = new Map<string, number[]>(rooms.map((room) => [room, []]));
  for (const row of rows) byRoom.get(row.room)?.push(row.id);
  return byRoom;
}

/**
 * Waits until every subscriber follows its room and has seen the room's newest stored message (or the time
 * is up): the quiet after the load, before the checker compares.
 */
export async function waitForQuiet(
  db: Kysely<DB>,
  subscribers: Subscriber[],
  timeoutMs: number,
): Promise<{ quiet: boolean; ms: number }> {
  const started = performance.now();
  const rooms = [...new Set(subscribers.map((subscriber) => subscriber.room.room))];
  for (;;) {
    const latest = new Map<string, number>();
    for (const [room, ids] of await idsByRoom(db, rooms)) latest.set(room, ids.at(-1) ?? 0);
    const behind = subscribers.filter(
      (subscriber) => !subscriber.subscribed || subscriber.lastId < (latest.get(subscriber.room.room) ?? 0),
    );
    const ms = performance.now() - started;
    if (behind.length === 0) return { quiet: true, ms };
    if (ms > timeoutMs) return { quiet: false, ms };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface DeliveryCheck {
  /** Messages stored, over all rooms. */
  stored: number;
  /** Deliveries owed: per subscriber, the stored messages of its room. */
  expected: number;
  /** Frames received, duplicates included. */
  received: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  /** A few concrete cases, for a report that is not clean. */
  examples: string[];
}

/**
 * Per subscriber: what it received against what the database holds for its room. The subscribers joined before
 * the first message (afterId 0), so each owes every stored message of its room, once, in id order (ids rise
 * in commit order within a room).
 */
export async function checkDeliveries(db: Kysely<DB>, subscribers: Subscriber[]): Promise<DeliveryCheck> {
  const rooms = [...new Set(subscribers.map((subscriber) => subscriber.room.room))];
  const stored = await idsByRoom(db, rooms);
  const result: DeliveryCheck = {
    stored: [...stored.values()].reduce((sum, ids) => sum + ids.length, 0),
    expected: 0,
    received: 0,
    lost: 0,
    duplicated: 0,
    outOfOrder: 0,
    examples: [],
  };
  for (const subscriber of subscribers) {
    const ids = stored.get(subscriber.room.room) ?? [];
    result.expected += ids.length;
    result.received += subscriber.received.length;
    const seen = new Set<number>();
    let previous = 0;
    for (const id of subscriber.received) {
      if (seen.has(id)) {
        result.duplicated += 1;
        if (result.examples.length < 5) result.examples.push(`${subscriber.user.login}: id ${id} twice`);
      } else if (id < previous) {
        result.outOfOrder += 1;
        if (result.examples.length < 5) {
          result.examples.push(`${subscriber.user.login}: id ${id} after ${previous}`);
        }
      }
      seen.add(id);
      previous = Math.max(previous, id);
    }
    const missing = ids.filter((id) => !seen.has(id));
    result.lost += missing.length;
    if (missing.length > 0 && result.examples.length < 5) {
      result.examples.push(
        `${subscriber.user.login} (${subscriber.node.name}, ${subscriber.room.room}): missed ${missing.length}, first ${missing.slice(0, 5).join(', ')}`,
      );
    }
  }
  return result;
}

export interface AckCheck {
  sent: number;
  acked: number;
  /** Acknowledged after at least one failed attempt. */
  retried: number;
  rejected: number;
  gaveUp: number;
  /** Acknowledged messages the database does not hold (under that id, with that clientId): must be 0. */
  ackedMissing: number;
  /** Rows of the bench's messages, and how many distinct clientIds they carry: equal when none is stored twice. */
  rows: number;
  distinctClientIds: number;
}

/** Every acknowledged message is in the database, once. */
export async function checkAcks(db: Kysely<DB>, records: Iterable<SendRecord>): Promise<AckCheck> {
  const all = [...records];
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'client_id'])
    .where('client_id', 'like', 'rt-%')
    .execute();
  const stored = new Map(rows.map((row) => [row.id, row.client_id]));
  return {
    sent: all.length,
    acked: all.filter((record) => record.acked).length,
    retried: all.filter((record) => record.acked && record.failures.length > 0).length,
    rejected: all.filter((record) => record.rejected).length,
    gaveUp: all.filter((record) => record.gaveUp).length,
    ackedMissing: all.filter((record) => record.acked && stored.get(record.acked.id) !== record.clientId)
      .length,
    rows: rows.length,
    distinctClientIds: new Set(rows.map((row) => row.client_id)).size,
  };
}

/** The q-th percentile (0..1) of `values`, nearest rank; NaN when empty. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
