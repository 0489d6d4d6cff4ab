import type { Message, ServerFrame } from '@openlfg/contracts';
import WebSocket from 'ws';
import type { BenchRoom, BenchUser } from './fixtures.js';
import type { BenchNode } from './nodes.js';

/** Reconnect backoff: 50 ms doubling to 1 s, with jitter, as the web client's is shaped. */
const BACKOFF_FIRST_MS = 50;
const BACKOFF_MAX_MS = 1000;
/** A socket that has not been told `subscribed` this long after `ready` is given up and opened again. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

export type OnMessage = (subscriber: Subscriber, message: Message, at: number) => void;

/**
 * One board subscriber: a signed-in member's WebSocket to its home node, following one room. It behaves as the
 * web client does: on any close it reconnects to the same node (the bench's choice: a killed node's clients
 * wait for it to come back, so the two nodes keep their halves of the subscribers) with backoff, and
 * resubscribes with `afterId` = the last id it saw in the room, so the server replays what it missed.
 * Everything it receives is kept in arrival order for the checker.
 */
export class Subscriber {
  /** Message ids of the room in the order they arrived, duplicates included. */
  readonly received: number[] = [];
  lastId = 0;
  /** True from `subscribed` until the socket closes. */
  subscribed = false;
  connections = 0;
  /** Close codes seen, and upgrade refusals by status. */
  readonly closeCodes = new Map<string, number>();
  readonly anomalies: string[] = [];
  subscribeTimeouts = 0;
  /** performance.now() of the last close, while it is being reopened; null while subscribed. */
  downSince: number | null = null;
  /** How long each reopening took, close to `subscribed`, in ms. */
  readonly reconnectTimes: { closedAt: number; ms: number }[] = [];
  private socket: WebSocket | null = null;
  private attempts = 0;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private subscribeTimer: NodeJS.Timeout | undefined;
  private firstSubscribed: (() => void) | null = null;

  constructor(
    readonly user: BenchUser,
    readonly room: BenchRoom,
    /** The node it connects (and reconnects) to. */
    readonly node: BenchNode,
    readonly nodeIndex: number,
    private readonly onMessage: OnMessage,
  ) {}

  /** Opens the socket; resolves once the room is followed. */
  start(): Promise<void> {
    return new Promise((resolve) => {
      this.firstSubscribed = resolve;
      this.open();
    });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.subscribeTimer);
    this.socket?.close(1000, 'bench done');
    this.socket = null;
  }

  private count(key: string): void {
    this.closeCodes.set(key, (this.closeCodes.get(key) ?? 0) + 1);
  }

  private open(): void {
    if (this.stopped) return;
    const socket = new WebSocket(this.node.wsUrl, {
      headers: { origin: this.node.origin, cookie: this.user.cookie },
      perMessageDeflate: false,
    });
    this.socket = socket;
    this.connections += 1;
    let settled = false;
    const lost = () => {
      if (settled) return;
      settled = true;
      clearTimeout(this.subscribeTimer);
      if (this.socket === socket) this.socket = null;
      this.subscribed = false;
      this.downSince ??= performance.now();
      if (this.stopped) return;
      const delay =
        Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempts) * (0.5 + Math.random() / 2);
      this.attempts += 1;
      this.retryTimer = setTimeout(() => this.open(), delay);
    };
    socket.on('unexpected-response', (_request, response) => {
      this.count(`upgrade ${response.statusCode}`);
      response.resume();
      socket.terminate();
      lost();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.count(`error ${error.code ?? error.message}`);
      lost();
    });
    socket.on('close', (code) => {
      if (!this.stopped) this.count(`close ${code}`);
      lost();
    });
    socket.on('message', (data) => {
      const at = performance.now();
      const frame = JSON.parse(String(data)) as ServerFrame;
      switch (frame.type) {
        case 'ready':
          socket.send(JSON.stringify({ type: 'subscribe', room: this.room.room, afterId: this.lastId }));
          this.subscribeTimer = setTimeout(() => {
            this.subscribeTimeouts += 1;
            socket.terminate();
          }, SUBSCRIBE_TIMEOUT_MS);
          return;
        case 'subscribed':
          clearTimeout(this.subscribeTimer);
          this.subscribed = true;
          this.attempts = 0;
          if (this.downSince !== null) {
            this.reconnectTimes.push({ closedAt: this.downSince, ms: at - this.downSince });
            this.downSince = null;
          }
          this.firstSubscribed?.();
          this.firstSubscribed = null;
          return;
        case 'message':
          if (frame.message.room !== this.room.room) {
            this.anomalies.push(`a message of ${frame.message.room} on a socket following ${this.room.room}`);
            return;
          }
          this.received.push(frame.message.id);
          if (frame.message.id > this.lastId) this.lastId = frame.message.id;
          this.onMessage(this, frame.message, at);
          return;
        case 'room-closed':
          this.anomalies.push(`room-closed ${frame.reason}`);
          return;
        case 'error':
          this.count(`error frame ${frame.code}`);
          return;
        case 'heartbeat':
          return;
      }
    });
  }
}

/** Opens the subscribers a few dozen at a time (as users arrive, not as one burst of upgrades). */
export async function startSubscribers(subscribers: Subscriber[]): Promise<void> {
  const BATCH = 50;
  for (let start = 0; start < subscribers.length; start += BATCH) {
    await Promise.all(subscribers.slice(start, start + BATCH).map((subscriber) => subscriber.start()));
  }
}
