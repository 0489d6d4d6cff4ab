import type { Message } from '@openlfg/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { frame, type RealtimeClient } from '../../platform/realtime/client.js';
import { toMessage } from '../presenters.js';
import type { RoomRef } from '../../groups/policy-rooms.js';
import type { MessagesRepository } from '../repository.js';

/** Rows read per query when replaying or pushing: a long gap is sent in pages, in order. */
const BATCH = 200;
/** After a failed read (the database went away), a room's push is tried again this much later. */
const PUMP_RETRY_MS = 1000;
/**
 * Catching up on edits and deletions asks for changes this long before the time given: a change's time is taken
 * in its transaction, before its commit, and on the database's clock rather than this node's.
 */
const CHANGE_MARGIN_MS = 60_000;
/** At most this many changed messages are sent on one catch-up (newer ones come with their room's replay). */
const CHANGES_MAX = 1000;

/** One connection as the hub sees it: who it is and how to reach it. The WebSocket layer implements it. */
export interface Subscription {
  client: RealtimeClient;
  room: string;
  /** The newest message id this subscriber has been sent (or had already seen). */
  lastSentId: number;
  /** False while its replay runs; the room's push skips it until then. */
  live: boolean;
  cancelled: boolean;
}

/** A room this node follows: its subscribers here, and how far its push has got. */
export interface Room {
  name: string;
  /** The group's board or the project's room it is. */
  ref: RoomRef;
  subscriptions: Set<Subscription>;
  /** The newest id this node has pushed to the room's live subscribers. */
  cursor: number;
  /** Resolves once `cursor` is read from the database. */
  ready: Promise<void>;
  /** Since when (ms) this node has pushed the room's changes: a bus outage after it may have lost some. */
  changesSince: number;
  pumping: boolean;
  /** A new message was announced while pushing: push again before stopping. */
  dirty: boolean;
}

/**
 * The rooms this node follows and the delivery of their rows: a room's push to its live subscribers, a new
 * subscriber's replay, and edits and deletions as they happen or as caught up on (see hub.ts for the order).
 */
export function createRoomDelivery(deps: { repository: MessagesRepository; log: FastifyBaseLogger }) {
  const { repository, log } = deps;
  const rooms = new Map<string, Room>();

  function roomFor(name: string, ref: RoomRef): Room {
    let room = rooms.get(name);
    if (!room) {
      const created: Room = {
        name,
        ref,
        subscriptions: new Set(),
        cursor: 0,
        ready: Promise.resolve(),
        changesSince: Date.now(),
        pumping: false,
        dirty: false,
      };
      created.ready = repository.latestId(name).then((id) => {
        created.cursor = Math.max(created.cursor, id);
      });
      // A failure surfaces to the subscriber that awaits it; the room is dropped and made again next time.
      created.ready.catch(() => {
        if (rooms.get(name) === created && created.subscriptions.size === 0) rooms.delete(name);
      });
      rooms.set(name, created);
      room = created;
    }
    return room;
  }
  /** Takes the subscription out of its room; the room goes with its last subscriber, unless a push runs. */
  function leave(subscription: Subscription): void {
    const room = rooms.get(subscription.room);
    if (!room) return;
    room.subscriptions.delete(subscription);
    if (room.subscriptions.size === 0 && !room.pumping) rooms.delete(room.name);
  }

  const messageFrame = (message: Message) => frame({ type: 'message', message });

  /** Pushes the room's new rows to its live subscribers; one run at a time per room. */
  async function pump(room: Room): Promise<void> {
    if (room.pumping) {
      room.dirty = true;
      return;
    }
    room.pumping = true;
    try {
      await room.ready;
      do {
        room.dirty = false;
        let rows;
        do {
          rows = await repository.after(room.name, room.cursor, BATCH);
          for (const row of rows) {
            const serialised = messageFrame(toMessage(row));
            for (const subscription of room.subscriptions) {
              if (subscription.live && row.id > subscription.lastSentId) {
                subscription.lastSentId = row.id;
                subscription.client.send(serialised);
              }
            }
            room.cursor = row.id;
          }
        } while (rows.length === BATCH && room.subscriptions.size > 0);
      } while (room.dirty && room.subscriptions.size > 0);
    } catch (error) {
      log.warn({ err: error, room: room.name }, 'pushing a room failed; trying again');
      setTimeout(() => {
        if (rooms.get(room.name) === room) void pump(room);
      }, PUMP_RETRY_MS).unref();
    } finally {
      room.pumping = false;
      if (room.subscriptions.size === 0 && rooms.get(room.name) === room) rooms.delete(room.name);
    }
  }

  /**
   * An edited or deleted message, as it now stands, to every subscriber of the room on this node: those still
   * replaying too (a replay may have read the row before the change; clients keep the newest version they get,
   * so the order of the two does not matter). Subscribers that do not have the message yet simply gain it.
   */
  async function pushChange(room: Room, id: number): Promise<void> {
    const row = await repository.findById(repository.db, id);
    if (!row || row.room !== room.name) return;
    const serialised = frame({ type: 'message-changed', message: toMessage(row) });
    for (const subscription of room.subscriptions) {
      if (!subscription.cancelled) subscription.client.send(serialised);
    }
  }

  /**
   * The room's messages up to `upToId` edited or deleted since about `since` (ms), as `message-changed` frames to
   * `to`: what a subscriber that lost its socket, or a node that lost its bus, may have missed.
   */
  async function sendChangesSince(
    room: Room,
    since: number,
    upToId: number,
    to: () => Iterable<Subscription>,
  ): Promise<void> {
    const rows = await repository.changedSince(
      room.name,
      new Date(Math.max(0, since - CHANGE_MARGIN_MS)),
      upToId,
      CHANGES_MAX,
    );
    for (const row of rows) {
      const serialised = frame({ type: 'message-changed', message: toMessage(row) });
      for (const subscription of to()) if (!subscription.cancelled) subscription.client.send(serialised);
    }
  }

  async function replay(subscription: Subscription, room: Room): Promise<void> {
    for (;;) {
      const rows = await repository.after(room.name, subscription.lastSentId, BATCH);
      if (subscription.cancelled) return;
      for (const row of rows) {
        subscription.client.send(messageFrame(toMessage(row)));
        subscription.lastSentId = row.id;
      }
      // Caught up with what the room's push has sent others: from here the push serves this subscriber too.
      if (rows.length < BATCH && subscription.lastSentId >= room.cursor) {
        subscription.live = true;
        return;
      }
    }
  }

  return { rooms, roomFor, leave, pump, pushChange, sendChangesSince, replay };
}
