import { ErrorCode, REALTIME_MAX_ROOMS, type RoomClosedReason } from '@openlfg/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent, EventBus } from '../../platform/bus/index.js';
import { frame, type RealtimeClient } from '../../platform/realtime/client.js';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.js';
import type { MessagesRepository } from '../repository.js';
import type { RoomRef } from '../../groups/policy-rooms.js';
import { roomName as nameOfRoom, roomRefOf } from '../room-access.js';
import type { MessagesService } from '../service.js';
import { createRoomDelivery, type Room, type Subscription } from './room-delivery.js';

/**
 * This node's side of the realtime channel: who follows which room, and getting every committed message to
 * them exactly once and in order.
 *
 * The bus only says "room R has a new message"; the hub then reads the room's rows after the newest id it has
 * pushed (one query per room per burst, whatever the number of subscribers) and sends each row to the live
 * subscribers that have not had it. A new subscriber first replays from its own last id; it joins the live
 * set only when its replay has caught up with the room's cursor, so no row falls between the two. Ids rise in
 * commit order within a room (the room lock in repository.ts), so "after id N" never skips a late commit.
 */
export function createRealtimeHub(deps: {
  repository: MessagesRepository;
  service: MessagesService;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Which of these sessions are still active (logout, expiry and replacement end them). */
  activeSessions: (idHashes: string[]) => Promise<Set<string>>;
}) {
  const { repository, service, log } = deps;
  const delivery = createRoomDelivery({ repository, log });
  const { rooms, roomFor, pump, pushChange, sendChangesSince, replay } = delivery;
  const clients = new Map<RealtimeClient, Map<string, Subscription>>();

  function detach(subscription: Subscription): void {
    subscription.cancelled = true;
    clients.get(subscription.client)?.delete(subscription.room);
    delivery.leave(subscription);
  }

  function closeRoomFor(subscription: Subscription, reason: RoomClosedReason): void {
    detach(subscription);
    subscription.client.send(frame({ type: 'room-closed', room: subscription.room, reason }));
  }

  async function recheckRoom(room: Room): Promise<void> {
    const subscriptions = [...room.subscriptions];
    if (subscriptions.length === 0) return;
    const verdict = await service.roomAccessMany(
      room.ref,
      subscriptions.map((subscription) => subscription.client.userId),
    );
    for (const subscription of subscriptions) {
      const access = verdict(subscription.client.userId);
      if (access !== 'allowed' && !subscription.cancelled) closeRoomFor(subscription, access);
    }
  }

  async function closeEndedSessions(): Promise<void> {
    const hashes = new Set<string>();
    for (const client of clients.keys()) if (client.sessionIdHash) hashes.add(client.sessionIdHash);
    if (hashes.size === 0) return;
    const active = await deps.activeSessions([...hashes]);
    // Only the sessions asked about: a socket that connected while the answer was on its way has a session the
    // answer does not name, live or not (it was checked at the upgrade). Ending it closed a new socket with
    // 4401, telling a signed-in visitor their session had ended.
    for (const client of clients.keys()) {
      const hash = client.sessionIdHash;
      if (hash && hashes.has(hash) && !active.has(hash)) endSession(client);
    }
  }

  function endSession(client: RealtimeClient): void {
    client.close(4401, 'session ended');
    disconnect(client);
  }

  function disconnect(client: RealtimeClient): void {
    const subscriptions = clients.get(client);
    if (!subscriptions) return;
    for (const subscription of [...subscriptions.values()]) detach(subscription);
    clients.delete(client);
  }

  /**
   * The database failed under a subscribe. When it is away (a restart, a failover) the client is told and the
   * socket closed (1011), so it reconnects and resumes from its last id once the database is back. Any other
   * failure would fail the same way on every reconnect: the client is told, the room is not followed, and the
   * socket and its other rooms stay as they are.
   */
  function subscribeFailed(client: RealtimeClient, roomName: string, error: unknown): void {
    if (!isDatabaseUnavailable(error)) {
      log.error({ err: error, room: roomName }, 'subscribing failed');
      if (!clients.has(client)) return;
      client.send(
        frame({ type: 'error', code: ErrorCode.internal, message: 'This board could not be followed.' }),
      );
      return;
    }
    log.warn({ err: error, room: roomName }, 'subscribing failed: the database is unavailable');
    if (!clients.has(client)) return;
    client.send(
      frame({ type: 'error', code: 'UNAVAILABLE', message: 'The board is unavailable; reconnecting.' }),
    );
    client.close(1011, 'unavailable');
    disconnect(client);
  }

  function onBusEvent(event: BusEvent): void {
    switch (event.kind) {
      case 'message': {
        const room = rooms.get(event.room);
        if (room && event.id > room.cursor) void pump(room);
        return;
      }
      case 'message-changed': {
        const room = rooms.get(event.room);
        if (room) {
          pushChange(room, event.id).catch((error: unknown) =>
            log.warn({ err: error, room: room.name }, 'pushing a changed message failed'),
          );
        }
        return;
      }
      case 'group-access':
      case 'project-access': {
        const ref: RoomRef =
          event.kind === 'group-access'
            ? { kind: 'group', id: event.groupId }
            : { kind: 'project', id: event.projectId };
        const room = rooms.get(nameOfRoom(ref));
        if (room) {
          recheckRoom(room).catch((error: unknown) =>
            log.warn({ err: error, room: room.name }, 'checking who may read a room failed'),
          );
        }
        return;
      }
      case 'session-ended':
        for (const client of clients.keys()) {
          if (client.sessionIdHash === event.sessionIdHash) endSession(client);
        }
        return;
    }
  }

  /** After the bus was away: push every room (missed announcements) and re-check access and sessions. */
  function resync(): void {
    for (const room of rooms.values()) {
      void pump(room);
      const since = room.changesSince;
      room.changesSince = Date.now();
      sendChangesSince(room, since, room.cursor, () => room.subscriptions).catch((error: unknown) =>
        log.warn({ err: error, room: room.name }, 'catching up on changed messages failed'),
      );
      recheckRoom(room).catch((error: unknown) => log.warn({ err: error }, 're-checking a room failed'));
    }
    closeEndedSessions().catch((error: unknown) => log.warn({ err: error }, 're-checking sessions failed'));
  }

  deps.bus.onEvent(onBusEvent);
  deps.bus.onResync(resync);

  return {
    connect(client: RealtimeClient): void {
      clients.set(client, new Map());
    },

    disconnect,

    /** Follows a room after checking the policy; replays after `afterId`, then delivers live. */
    async subscribe(
      client: RealtimeClient,
      roomName: string,
      afterId: number | undefined,
      changedSince?: number,
    ): Promise<void> {
      const subscriptions = clients.get(client);
      const ref = roomRefOf(roomName);
      if (!subscriptions || ref === null) return;
      const previous = subscriptions.get(roomName);
      if (previous) detach(previous);
      if (subscriptions.size >= REALTIME_MAX_ROOMS) {
        client.send(frame({ type: 'room-closed', room: roomName, reason: 'too-many-rooms' }));
        return;
      }
      // The slot is taken now, before the access check's await: many subscribes sent at once each see the
      // others' slots, so none gets past the cap. A refusal or a failure gives it back (detach); a later
      // subscribe to the same room, an unsubscribe or the socket's end cancels it meanwhile.
      const subscription: Subscription = {
        client,
        room: roomName,
        lastSentId: 0,
        live: false,
        cancelled: false,
      };
      subscriptions.set(roomName, subscription);
      let access: 'allowed' | RoomClosedReason;
      try {
        access = await service.roomAccess(ref, client.userId === null ? null : { id: client.userId });
      } catch (error) {
        if (subscription.cancelled) return;
        detach(subscription);
        // Unanswered, the client would wait for `subscribed` forever on a socket that stays open.
        subscribeFailed(client, roomName, error);
        return;
      }
      if (subscription.cancelled) return;
      if (access !== 'allowed') {
        detach(subscription);
        client.send(frame({ type: 'room-closed', room: roomName, reason: access }));
        return;
      }
      const room = roomFor(roomName, ref);
      room.subscriptions.add(subscription);
      // From here every change in the room reaches this subscriber (pushChange), replaying or live.
      const at = Date.now();
      try {
        await room.ready;
        subscription.lastSentId = afterId ?? (await repository.latestId(roomName));
        if (subscription.cancelled) return;
        client.send(frame({ type: 'subscribed', room: roomName, at }));
        if (changedSince !== undefined) {
          // Messages after lastSentId come with the replay as they now stand; the older ones' changes come here.
          await sendChangesSince(room, changedSince, subscription.lastSentId, () => [subscription]);
        }
        await replay(subscription, room);
      } catch (error) {
        if (subscription.cancelled) {
          log.warn({ err: error, room: roomName }, 'subscribing failed');
          return;
        }
        detach(subscription);
        subscribeFailed(client, roomName, error);
      }
    },

    unsubscribe(client: RealtimeClient, roomName: string): void {
      const subscription = clients.get(client)?.get(roomName);
      if (subscription) detach(subscription);
    },

    /** Closes sockets whose session ended by timing out (logout and replacement arrive on the bus). */
    closeEndedSessions,

    /** Numbers for the bench and tests: connections and followed rooms on this node. */
    stats: () => ({ clients: clients.size, rooms: rooms.size }),

    /** Closes every connection (the node is stopping; clients reconnect to another). */
    closeAll(code: number, reason: string): void {
      for (const client of [...clients.keys()]) {
        client.close(code, reason);
        disconnect(client);
      }
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
