import { ErrorCode } from '@openlfg/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../platform/bus/index.js';
import { frame, type RealtimeClient } from '../platform/realtime/client.js';

interface Follower {
  clients: Set<RealtimeClient>;
  /** A count is being read; `dirty` asks for one more read after it, so the last count sent is the newest. */
  reading: boolean;
  dirty: boolean;
}

/**
 * The bell's live count on the realtime socket: a signed-in socket follows its user's notifications
 * (`follow-notifications`) and gets `{ type: 'notifications', unreadCount }` at once and whenever the count
 * changes. The bus says only "these users' notifications changed"; each node reads the count of those of its
 * followers once per user, whatever the number of their sockets, and reads for one user run one after another,
 * so an older count never arrives after a newer one. Bounded as the boards are: a socket follows once, and the
 * sockets are capped per session and address by the channel.
 */
export function createNotificationFeed(deps: {
  bus: Pick<EventBus, 'onEvent' | 'onResync'>;
  unreadCount: (userId: number) => Promise<number>;
  log: FastifyBaseLogger;
}) {
  const followers = new Map<number, Follower>();

  async function refresh(userId: number): Promise<void> {
    const follower = followers.get(userId);
    if (!follower) return;
    if (follower.reading) {
      follower.dirty = true;
      return;
    }
    follower.reading = true;
    try {
      do {
        follower.dirty = false;
        const unreadCount = await deps.unreadCount(userId);
        const serialised = frame({ type: 'notifications', unreadCount });
        for (const client of follower.clients) client.send(serialised);
      } while (follower.dirty && follower.clients.size > 0);
    } catch (error) {
      // The next change, a resync or a reconnect sends the count again.
      deps.log.warn({ err: error, userId }, 'reading an unread notification count failed');
    } finally {
      follower.reading = false;
      if (follower.clients.size === 0 && followers.get(userId) === follower) followers.delete(userId);
    }
  }

  deps.bus.onEvent((event) => {
    if (event.kind !== 'notifications') return;
    for (const userId of event.userIds) if (followers.has(userId)) void refresh(userId);
  });
  // Changes announced while the bus was away are lost: every follower's count is read again.
  deps.bus.onResync(() => {
    for (const userId of followers.keys()) void refresh(userId);
  });

  return {
    /** Follows the socket's user's count; an anonymous socket is told it has none to follow. */
    follow(client: RealtimeClient): void {
      if (client.userId === null) {
        client.send(
          frame({
            type: 'error',
            code: ErrorCode.unauthenticated,
            message: 'Sign in to follow your notifications.',
          }),
        );
        return;
      }
      let follower = followers.get(client.userId);
      if (!follower) {
        follower = { clients: new Set(), reading: false, dirty: false };
        followers.set(client.userId, follower);
      }
      follower.clients.add(client);
      void refresh(client.userId);
    },

    /** Stops following (the socket asked, or closed). */
    unfollow(client: RealtimeClient): void {
      if (client.userId === null) return;
      const follower = followers.get(client.userId);
      if (!follower) return;
      follower.clients.delete(client);
      if (follower.clients.size === 0 && !follower.reading) followers.delete(client.userId);
    },

    stats: () => ({ users: followers.size }),
  };
}

export type NotificationFeed = ReturnType<typeof createNotificationFeed>;
