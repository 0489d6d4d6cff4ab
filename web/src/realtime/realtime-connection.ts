import type { ClientFrame, Message, RoomClosedReason, ServerFrame } from '@openlfg/contracts';
import { REALTIME_CLOSE_SESSION_ENDED, REALTIME_HEARTBEAT_MS } from '@openlfg/contracts';
import { reconnectDelay } from './backoff';

/**
 * - idle: no room followed, no socket.
 * - connecting: the first socket is opening.
 * - open: the server said `ready`; rooms are followed live.
 * - reconnecting: the socket dropped; another attempt is scheduled or under way (the board says so).
 * - session-ended: the server closed the socket because the session ended (logout or expiry elsewhere). Nothing
 *   reconnects until `resume()` or `restart()`, once the app has settled who the user is now.
 */
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'session-ended';

export interface RoomListener {
  onMessage: (message: Message) => void;
  /** A message was edited or deleted: the message as it now stands (perhaps one not seen yet). */
  onChanged?: (message: Message) => void;
  /** The server stopped the room (the user may no longer read it); it is no longer followed. */
  onClosed?: (reason: RoomClosedReason) => void;
}

/** The ids of the stored issues that changed; null when any loaded before now may have (unheard changes). */
export type IssuesChangedListener = (issueIds: number[] | null) => void;

/** The part of the browser's WebSocket this module uses, so tests can pass a fake. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface RealtimeConnectionOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  random?: () => number;
  /** The server's heartbeat period; hearing nothing for twice as long means the connection is dead. */
  heartbeatMs?: number;
  /** How long the socket stays open after the last room is left, so moving between boards reuses it. */
  lingerMs?: number;
}

interface FollowedRoom {
  /** The newest message id seen in the room: a resubscription asks the server to replay everything after it. */
  lastId: number;
  /** The server's time when the room was last followed: a resubscription asks for the changes since. */
  followedAt: number | null;
  listeners: Set<RoomListener>;
}

/** Close code the client uses when it gives up on a silent socket (the server's own code for the same case). */
const CLIENT_CLOSE_SILENT = 4408;

/**
 * One WebSocket to /api/realtime shared by every board in the tab, and by the notification bell. It opens when
 * the first room (or the notification count) is followed, reconnects with backoff and jitter when the socket
 * drops or falls silent, and then resubscribes every room with the last id seen in it, so a board misses nothing
 * while it was away, and follows the count again, which the server then sends at once.
 */
export class RealtimeConnection {
  private readonly options: Required<RealtimeConnectionOptions>;
  private readonly rooms = new Map<string, FollowedRoom>();
  /** Listeners of the signed-in user's unread notification count (the bell): the socket follows it for them. */
  private readonly notificationListeners = new Set<(unreadCount: number) => void>();
  /** Listeners of the stored issues' changes (the finder, a project's issues): the socket follows them for them. */
  private readonly issueListeners = new Set<IssuesChangedListener>();
  private readonly statusListeners = new Set<() => void>();
  private readonly sessionEndedListeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private ready = false;
  private status: ConnectionStatus = 'idle';
  /** Failed attempts since the last `ready`: drives the backoff. */
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: RealtimeConnectionOptions) {
    this.options = {
      random: Math.random,
      heartbeatMs: REALTIME_HEARTBEAT_MS,
      lingerMs: 10_000,
      ...options,
    };
  }

  getStatus = (): ConnectionStatus => this.status;

  onStatusChange = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Called when the server closes the socket with 4401 (the session ended). */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  /**
   * Follows `room`, replaying every message after `afterId` first (the newest id the caller already has).
   * Returns the function that stops following it.
   */
  subscribe(room: string, afterId: number, listener: RoomListener): () => void {
    this.clearTimer('lingerTimer');
    let followed = this.rooms.get(room);
    if (followed) {
      followed.lastId = Math.max(followed.lastId, afterId);
    } else {
      followed = { lastId: afterId, followedAt: null, listeners: new Set() };
      this.rooms.set(room, followed);
      if (this.ready) this.sendSubscribe(room, followed);
    }
    followed.listeners.add(listener);
    if (this.socket === null && this.reconnectTimer === null && this.status !== 'session-ended') {
      this.open();
    }

    const entry = followed;
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size > 0 || this.rooms.get(room) !== entry) return;
      this.rooms.delete(room);
      if (this.ready) this.send({ type: 'unsubscribe', room });
      if (!this.following()) this.scheduleLinger();
    };
  }

  /**
   * Follows the signed-in user's unread notification count: `listener` gets it once the socket is ready, and
   * every time it changes, on any node. Returns the function that stops following it.
   */
  followNotifications(listener: (unreadCount: number) => void): () => void {
    this.clearTimer('lingerTimer');
    const first = this.notificationListeners.size === 0;
    this.notificationListeners.add(listener);
    if (first && this.ready) this.send({ type: 'follow-notifications' });
    if (this.socket === null && this.reconnectTimer === null && this.status !== 'session-ended') {
      this.open();
    }
    return () => {
      if (!this.notificationListeners.delete(listener) || this.notificationListeners.size > 0) return;
      if (this.ready) this.send({ type: 'unfollow-notifications' });
      if (!this.following()) this.scheduleLinger();
    };
  }

  /**
   * Follows changes to the stored issues, on any node: `listener` gets the ids of the issues that changed, or null
   * when a new socket starts following them (changes made before, since the page loaded or while the socket was
   * away, were not heard: anything loaded before may have changed). A socket already open follows at once.
   * Returns the function that stops following them.
   */
  followIssues(listener: IssuesChangedListener): () => void {
    this.clearTimer('lingerTimer');
    const first = this.issueListeners.size === 0;
    this.issueListeners.add(listener);
    if (first && this.ready) this.send({ type: 'follow-issues' });
    if (this.socket === null && this.reconnectTimer === null && this.status !== 'session-ended') {
      this.open();
    }
    return () => {
      if (!this.issueListeners.delete(listener) || this.issueListeners.size > 0) return;
      if (this.ready) this.send({ type: 'unfollow-issues' });
      if (!this.following()) this.scheduleLinger();
    };
  }

  /** Whether anything needs the socket: a room, the notification count, or the issues. */
  private following(): boolean {
    return this.rooms.size > 0 || this.notificationListeners.size > 0 || this.issueListeners.size > 0;
  }

  /** After the session ended: reconnect (with backoff), as whoever the browser's cookie now says. */
  resume(): void {
    if (this.status !== 'session-ended') return;
    if (!this.following()) return this.setStatus('idle');
    this.scheduleReconnect();
  }

  /** The user signed in or out in this tab: the socket must speak for the new session, so start over now. */
  restart(): void {
    this.clearTimer('reconnectTimer');
    this.dropSocket();
    this.attempt = 0;
    if (this.following()) this.open();
    else this.setStatus('idle');
  }

  /** Closes everything and forgets every room and listener. */
  dispose(): void {
    this.clearTimer('reconnectTimer');
    this.clearTimer('lingerTimer');
    this.dropSocket();
    this.rooms.clear();
    this.notificationListeners.clear();
    this.issueListeners.clear();
    this.sessionEndedListeners.clear();
    this.setStatus('idle');
    this.statusListeners.clear();
  }

  private open(): void {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    this.watchForSilence();
    socket.onmessage = (event) => {
      this.watchForSilence();
      this.handleFrame(event.data);
    };
    socket.onclose = (event) => this.handleClose(event.code);
    // An error is always followed by a close, which decides what happens next.
    socket.onerror = null;
  }

  private handleFrame(data: unknown): void {
    const frame = parseFrame(data);
    if (frame === null) return;
    switch (frame.type) {
      case 'ready':
        this.ready = true;
        this.attempt = 0;
        this.setStatus('open');
        for (const [room, followed] of this.rooms) this.sendSubscribe(room, followed);
        if (this.notificationListeners.size > 0) this.send({ type: 'follow-notifications' });
        if (this.issueListeners.size > 0) {
          this.send({ type: 'follow-issues' });
          // What was loaded before this socket followed the issues may have changed unheard since.
          for (const listener of [...this.issueListeners]) listener(null);
        }
        return;
      case 'issues-changed':
        for (const listener of [...this.issueListeners]) listener(frame.issueIds);
        return;
      case 'notifications':
        for (const listener of [...this.notificationListeners]) listener(frame.unreadCount);
        return;
      case 'message': {
        const followed = this.rooms.get(frame.message.room);
        if (!followed) return;
        followed.lastId = Math.max(followed.lastId, frame.message.id);
        for (const listener of followed.listeners) listener.onMessage(frame.message);
        return;
      }
      case 'message-changed': {
        // Not a new message: the last id seen stays, so a resubscription still replays every new one.
        const followed = this.rooms.get(frame.message.room);
        for (const listener of followed?.listeners ?? []) listener.onChanged?.(frame.message);
        return;
      }
      case 'room-closed': {
        const followed = this.rooms.get(frame.room);
        if (!followed) return;
        this.rooms.delete(frame.room);
        for (const listener of followed.listeners) listener.onClosed?.(frame.reason);
        return;
      }
      case 'error':
        console.warn(`Realtime: ${frame.code}: ${frame.message}`);
        return;
      case 'subscribed': {
        const followed = this.rooms.get(frame.room);
        if (followed && frame.at !== undefined) followed.followedAt = frame.at;
        return;
      }
      case 'heartbeat':
        return;
    }
  }

  private handleClose(code: number): void {
    this.detachSocket();
    if (code === REALTIME_CLOSE_SESSION_ENDED) {
      this.setStatus('session-ended');
      for (const listener of [...this.sessionEndedListeners]) listener();
      return;
    }
    if (!this.following()) {
      this.attempt = 0;
      return this.setStatus('idle');
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.setStatus('reconnecting');
    this.clearTimer('reconnectTimer');
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.following()) this.open();
      else this.setStatus('idle');
    }, delay);
  }

  /** (Re)starts the countdown that declares the socket dead when nothing at all arrives in time. */
  private watchForSilence(): void {
    this.clearTimer('silenceTimer');
    this.silenceTimer = setTimeout(() => {
      this.silenceTimer = null;
      // A dead network may take minutes to report the close: stop waiting for it and reconnect now.
      this.dropSocket(CLIENT_CLOSE_SILENT);
      this.handleClose(CLIENT_CLOSE_SILENT);
    }, 2 * this.options.heartbeatMs);
  }

  private scheduleLinger(): void {
    this.clearTimer('lingerTimer');
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (this.following()) return;
      this.clearTimer('reconnectTimer');
      this.dropSocket();
      this.setStatus('idle');
    }, this.options.lingerMs);
  }

  /** After a lost socket, also the edits and deletions made since the room was last followed. */
  private sendSubscribe(room: string, followed: FollowedRoom): void {
    this.send({
      type: 'subscribe',
      room,
      afterId: followed.lastId,
      ...(followed.followedAt === null ? {} : { changedSince: followed.followedAt }),
    });
  }

  private send(frame: ClientFrame) {
    try {
      this.socket?.send(JSON.stringify(frame));
    } catch (error) {
      // The socket is closing; its close event reconnects and resubscribes.
      console.warn('Realtime: could not send a frame', error);
    }
  }

  /** Closes the current socket, if any, without letting its late events touch the state. */
  private dropSocket(code = 1000): void {
    const socket = this.socket;
    this.detachSocket();
    if (!socket) return;
    try {
      socket.close(code);
    } catch {
      // Closing a socket that never opened can throw in some browsers; it is gone either way.
    }
  }

  private detachSocket(): void {
    const socket = this.socket;
    this.clearTimer('silenceTimer');
    this.socket = null;
    this.ready = false;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  private clearTimer(name: 'reconnectTimer' | 'silenceTimer' | 'lingerTimer'): void {
    const timer = this[name];
    if (timer !== null) clearTimeout(timer);
    this[name] = null;
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }
}

/** A frame from the server, or null for anything that is not one (the server's schema is trusted, not re-checked). */
function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as unknown;
    return typeof frame === 'object' && frame !== null && 'type' in frame ? (frame as ServerFrame) : null;
  } catch {
    return null;
  }
}
