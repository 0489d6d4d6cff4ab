import websocket from '@fastify/websocket';
import {
  ClientFrame,
  ErrorCode,
  REALTIME_CLOSE_HEARTBEAT_MISSED,
  REALTIME_CLOSE_TOO_MANY_CONNECTIONS,
  REALTIME_HEARTBEAT_MS,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_MAX_SOCKETS_PER_ADDRESS,
  REALTIME_MAX_SOCKETS_PER_SESSION,
  REALTIME_PATH,
} from '@openlfg/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Compile from 'typebox/compile';
import type { WebSocket } from 'ws';
import type { RequestAuth } from '../../accounts/authentication.js';
import { HttpError } from '../../platform/http/errors.js';
import { roomRefOf } from '../room-access.js';
import { clientFaultCloseCode } from './client-faults.js';
import { createConnectionCounter, type ConnectionCaps } from './connection-caps.js';
import { FloodLimit } from './flood-limit.js';
import type { RealtimeHub } from './hub.js';
import { frame, type RealtimeClient } from '../../platform/realtime/client.js';
import { addressKey, isClientGone } from '../../platform/http/rate-limits.js';
import type { NotificationFeed } from '../../notifications/realtime-feed.js';
import type { IssuesFeed } from '../../issues/live-feed.js';

const clientFrame = Compile(ClientFrame);

/**
 * A frame the hub can act on: the contract's shape, and a room whose group or project id is a safe integer (the room's
 * pattern allows sixteen digits, more than 2**53 - 1), so no number a client sends reaches the database unchecked.
 */
function isValidFrame(value: unknown): value is ClientFrame {
  return clientFrame.Check(value) && (!('room' in value) || roomRefOf(value.room) !== null);
}

/** A socket's sends queue in memory when its reader is slow; past this it is closed and resumes later. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Frames dropped in a row (over the flood limit) before the socket is closed as abusive. */
const MAX_DROPPED_FRAMES = 50;

export interface RealtimeOptions {
  hub: RealtimeHub;
  /** The signed-in user's unread notification count, for the sockets that follow it (the bell). */
  notifications?: NotificationFeed;
  /** The stored issues' changes, for the sockets that follow them (the finder, a project's page). */
  issues?: IssuesFeed;
  publicUrl: string;
  heartbeatMs?: number;
  /** How often sockets' sessions are re-checked for idle and absolute expiry. */
  sessionCheckMs?: number;
  flood?: { burst: number; perSecond: number };
  /** Open sockets per session and per address on this node; the contract's caps where not given. */
  connectionLimits?: Partial<ConnectionCaps>;
}

const authAtUpgrade = new WeakMap<FastifyRequest, RequestAuth>();

/**
 * GET /api/realtime: the WebSocket of the discussion boards. The upgrade is an ordinary request first, so the
 * Origin check and the session cookie are settled before the socket exists: a foreign page's script gets a 403
 * and no socket (the browser sends the cookie along, so without the check any site could read private boards).
 */
export async function realtimeRoutes(app: FastifyInstance, options: RealtimeOptions): Promise<void> {
  const { hub } = options;
  const heartbeatMs = options.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
  const flood = new FloodLimit(options.flood?.burst ?? 30, options.flood?.perSecond ?? 10);
  const origin = new URL(options.publicUrl).origin;
  const sockets = new Set<WebSocket>();
  const connections = createConnectionCounter({
    perSession: REALTIME_MAX_SOCKETS_PER_SESSION,
    perAddress: REALTIME_MAX_SOCKETS_PER_ADDRESS,
    ...options.connectionLimits,
  });

  await app.register(websocket, {
    options: { maxPayload: REALTIME_MAX_FRAME_BYTES },
    // A broken frame (not UTF-8, too large) has already been answered with its close code by `ws`. It is the
    // client's doing, so one warning without a stack; anything else is ours and logged in full.
    errorHandler: (error, socket, request) => {
      const closeCode = clientFaultCloseCode(error);
      if (closeCode === null) {
        request.log.error({ err: error }, 'a realtime socket failed');
      } else {
        request.log.warn({ closeCode, reason: error.message }, 'a client sent a broken frame; socket closed');
      }
      socket.terminate();
    },
    // Shutting down: tell clients to reconnect (to another node) rather than drop them.
    preClose: (done) => {
      hub.closeAll(1001, 'server shutting down');
      done();
    },
  });

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      const state = socket as WebSocket & { alive?: boolean };
      if (state.alive === false) {
        socket.close(REALTIME_CLOSE_HEARTBEAT_MISSED, 'heartbeat missed');
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
      if (socket.readyState === socket.OPEN) socket.send(frame({ type: 'heartbeat' }));
    }
  }, heartbeatMs);
  heartbeat.unref();
  const sessionCheck = setInterval(() => {
    hub.closeEndedSessions().catch((error: unknown) => app.log.warn({ err: error }, 'session check failed'));
  }, options.sessionCheckMs ?? 60_000);
  sessionCheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
  });

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        if (request.headers.origin !== origin) {
          throw new HttpError(403, ErrorCode.forbidden, 'This page may not open the realtime channel.');
        }
        authAtUpgrade.set(request, await request.auth());
      },
    },
    (socket, request) => {
      // The client dropped the connection while the upgrade was under way: nobody to serve, nothing to count.
      if (isClientGone(request)) {
        socket.terminate();
        return;
      }
      const auth = authAtUpgrade.get(request) ?? { status: 'anonymous' as const };
      if (auth.status === 'ended') {
        socket.close(4401, 'session ended');
        return;
      }
      // Refused before `ready`: a client resets its reconnect backoff only on `ready`, so it keeps backing off.
      const release = connections.admit(auth.status === 'active' ? auth.idHash : null, addressKey(request));
      if (!release) {
        socket.close(REALTIME_CLOSE_TOO_MANY_CONNECTIONS, 'too many connections');
        return;
      }
      socket.on('close', release);
      sockets.add(socket);
      (socket as WebSocket & { alive?: boolean }).alive = true;
      socket.on('pong', () => {
        (socket as WebSocket & { alive?: boolean }).alive = true;
      });
      const user = auth.status === 'active' ? auth.user : null;
      const floodKey = user ? `user:${user.id}` : addressKey(request);
      const client: RealtimeClient = {
        userId: user?.id ?? null,
        sessionIdHash: auth.status === 'active' ? auth.idHash : null,
        send(data) {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
            // It cannot keep up; it resumes from its last id when it reconnects, losing nothing.
            socket.close(1013, 'too slow');
            return;
          }
          socket.send(data);
        },
        close(code, reason) {
          if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
            socket.close(code, reason);
          }
        },
      };
      hub.connect(client);
      let dropped = 0;
      const refuse = (code: string, message: string) => client.send(frame({ type: 'error', code, message }));

      socket.on('message', (data, isBinary) => {
        if (!flood.take(floodKey)) {
          dropped += 1;
          if (dropped >= MAX_DROPPED_FRAMES) socket.close(1008, 'flooding');
          else refuse(ErrorCode.rateLimited, 'Too many frames; slow down.');
          return;
        }
        dropped = 0;
        const parsed = isBinary ? undefined : parseJson(String(data));
        if (!isValidFrame(parsed)) {
          refuse(
            ErrorCode.badRequest,
            'A frame must be a JSON subscribe or unsubscribe with a valid room (and afterId from 0 to 2^53 - 1), or follow-notifications, or follow-issues.',
          );
          return;
        }
        if (parsed.type === 'follow-notifications') {
          options.notifications?.follow(client);
        } else if (parsed.type === 'unfollow-notifications') {
          options.notifications?.unfollow(client);
        } else if (parsed.type === 'follow-issues') {
          options.issues?.follow(client);
        } else if (parsed.type === 'unfollow-issues') {
          options.issues?.unfollow(client);
        } else if (parsed.type === 'subscribe') {
          hub.subscribe(client, parsed.room, parsed.afterId, parsed.changedSince).catch((error: unknown) => {
            request.log.warn({ err: error }, 'a subscription failed');
          });
        } else {
          hub.unsubscribe(client, parsed.room);
        }
      });
      socket.on('close', () => {
        sockets.delete(socket);
        hub.disconnect(client);
        options.notifications?.unfollow(client);
        options.issues?.unfollow(client);
      });
      client.send(frame({ type: 'ready', userId: client.userId }));
    },
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
