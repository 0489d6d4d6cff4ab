import { REALTIME_CLOSE_SESSION_ENDED, REALTIME_CLOSE_TOO_MANY_CONNECTIONS } from '@openlfg/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMessage } from '../features/messages/test-support';
import { FakeSocket } from './fake-socket';
import { reconnectDelay } from './backoff';
import { RealtimeConnection } from './realtime-connection';

const HEARTBEAT_MS = 1_000;

function connect(random = () => 0.5) {
  const connection = new RealtimeConnection({
    url: 'ws://site.test/api/realtime',
    createSocket: (url) => new FakeSocket(url),
    random,
    heartbeatMs: HEARTBEAT_MS,
    lingerMs: 500,
  });
  return connection;
}

const room = 'discussion-board-5';

describe('the realtime connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens one socket on the first room and subscribes once the server is ready', () => {
    const connection = connect();
    expect(FakeSocket.instances).toHaveLength(0);
    const onMessage = vi.fn();
    connection.subscribe(room, 7, { onMessage });
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://site.test/api/realtime');
    expect(connection.getStatus()).toBe('connecting');
    expect(socket.sent).toEqual([]);

    socket.deliver({ type: 'ready', userId: 1 });
    expect(connection.getStatus()).toBe('open');
    expect(socket.sent).toEqual([{ type: 'subscribe', room, afterId: 7 }]);

    const message = makeMessage({ id: 8 });
    socket.deliver({ type: 'message', message });
    socket.deliver({ type: 'message', message: makeMessage({ id: 9, room: 'discussion-board-6' }) });
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith(message);
  });

  it('hands a changed message to the room’s listeners without moving the resume point', () => {
    const connection = connect();
    const onMessage = vi.fn();
    const onChanged = vi.fn();
    connection.subscribe(room, 7, { onMessage, onChanged });
    const socket = FakeSocket.latest();
    socket.deliver({ type: 'ready', userId: 1 });
    // A change of a message newer than any seen (it overtook the message's own replay).
    const changed = makeMessage({ id: 20, text: '', deletedAt: new Date().toISOString() });
    socket.deliver({ type: 'message-changed', message: changed });
    expect(onChanged).toHaveBeenCalledWith(changed);
    expect(onMessage).not.toHaveBeenCalled();

    socket.drop(1006);
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5));
    const next = FakeSocket.latest();
    next.deliver({ type: 'ready', userId: 1 });
    // Messages 8 to 19 (and 20 itself) are still replayed.
    expect(next.sent).toEqual([{ type: 'subscribe', room, afterId: 7 }]);
  });

  it('asks, after a lost socket, for the changes made since the server last said the room was followed', () => {
    const connection = connect();
    connection.subscribe(room, 7, { onMessage: vi.fn() });
    const socket = FakeSocket.latest();
    socket.deliver({ type: 'ready', userId: 1 });
    socket.deliver({ type: 'subscribed', room, at: 1_700_000_000_000 });
    socket.drop(1006);
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5));
    const next = FakeSocket.latest();
    next.deliver({ type: 'ready', userId: 1 });
    expect(next.sent).toEqual([{ type: 'subscribe', room, afterId: 7, changedSince: 1_700_000_000_000 }]);
  });

  it('follows the notification count for the bell alone, again after a reconnect, and lets the socket go after', () => {
    const connection = connect();
    const onCount = vi.fn();
    const stop = connection.followNotifications(onCount);
    const first = FakeSocket.latest();
    first.deliver({ type: 'ready', userId: 1 });
    expect(first.sent).toEqual([{ type: 'follow-notifications' }]);
    first.deliver({ type: 'notifications', unreadCount: 3 });
    expect(onCount).toHaveBeenLastCalledWith(3);

    first.drop(1006);
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5));
    const second = FakeSocket.latest();
    expect(second).not.toBe(first);
    second.deliver({ type: 'ready', userId: 1 });
    expect(second.sent).toEqual([{ type: 'follow-notifications' }]);

    stop();
    expect(second.sent).toContainEqual({ type: 'unfollow-notifications' });
    vi.advanceTimersByTime(500);
    expect(connection.getStatus()).toBe('idle');
  });

  it('follows the issues for the finder, hands over which changed, and says so when a new socket may have missed some', () => {
    const connection = connect();
    const onChanged = vi.fn();
    const stop = connection.followIssues(onChanged);
    const first = FakeSocket.latest();
    first.deliver({ type: 'ready', userId: null });
    expect(first.sent).toEqual([{ type: 'follow-issues' }]);
    // Loaded before the socket followed: anything may have changed unheard.
    expect(onChanged).toHaveBeenLastCalledWith(null);
    first.deliver({ type: 'issues-changed', issueIds: [4, 9] });
    expect(onChanged).toHaveBeenLastCalledWith([4, 9]);

    first.drop(1006);
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5));
    const second = FakeSocket.latest();
    second.deliver({ type: 'ready', userId: null });
    expect(second.sent).toEqual([{ type: 'follow-issues' }]);
    expect(onChanged).toHaveBeenLastCalledWith(null);
    expect(onChanged).toHaveBeenCalledTimes(3);

    // A second listener on an open socket follows at once, with nothing missed.
    const other = vi.fn();
    const stopOther = connection.followIssues(other);
    expect(other).not.toHaveBeenCalled();
    stopOther();
    expect(second.sent).not.toContainEqual({ type: 'unfollow-issues' });
    stop();
    expect(second.sent).toContainEqual({ type: 'unfollow-issues' });
    vi.advanceTimersByTime(500);
    expect(connection.getStatus()).toBe('idle');
  });

  it('reconnects with growing, jittered delays and resubscribes from the last id seen', () => {
    const connection = connect();
    connection.subscribe(room, 3, { onMessage: vi.fn() });
    const first = FakeSocket.latest();
    first.deliver({ type: 'ready', userId: 1 });
    first.deliver({ type: 'message', message: makeMessage({ id: 4 }) });
    first.deliver({ type: 'message', message: makeMessage({ id: 6 }) });

    first.drop(1006);
    expect(connection.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5) - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    // The second attempt fails too: the next wait is longer.
    FakeSocket.latest().drop(1006);
    vi.advanceTimersByTime(reconnectDelay(1, () => 0.5) - 1);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeSocket.latest();
    third.deliver({ type: 'ready', userId: 1 });
    expect(connection.getStatus()).toBe('open');
    expect(third.sent).toEqual([{ type: 'subscribe', room, afterId: 6 }]);
  });

  it('backs off, longer each time, while the server refuses the socket as one too many (4429)', () => {
    const connection = connect();
    connection.subscribe(room, 0, { onMessage: vi.fn() });
    // The server refuses before `ready`, so nothing resets the backoff: the tab never retries in a tight loop.
    for (let attempt = 0; attempt < 6; attempt++) {
      FakeSocket.latest().drop(REALTIME_CLOSE_TOO_MANY_CONNECTIONS);
      expect(connection.getStatus()).toBe('reconnecting');
      vi.advanceTimersByTime(reconnectDelay(attempt, () => 0.5) - 1);
      expect(FakeSocket.instances).toHaveLength(attempt + 1);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances).toHaveLength(attempt + 2);
    }
  });

  it('gives up on a socket that falls silent for two heartbeats', () => {
    const connection = connect();
    connection.subscribe(room, 0, { onMessage: vi.fn() });
    const first = FakeSocket.latest();
    first.deliver({ type: 'ready', userId: null });
    vi.advanceTimersByTime(2 * HEARTBEAT_MS - 1);
    first.deliver({ type: 'heartbeat' });
    vi.advanceTimersByTime(2 * HEARTBEAT_MS - 1);
    expect(first.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(first.closedWith).toBe(4408);
    expect(connection.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5));
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('stops when the session ended, tells the app, and comes back only when resumed', () => {
    const connection = connect();
    const sessionEnded = vi.fn();
    connection.onSessionEnded(sessionEnded);
    connection.subscribe(room, 0, { onMessage: vi.fn() });
    FakeSocket.latest().deliver({ type: 'ready', userId: 1 });
    FakeSocket.latest().drop(REALTIME_CLOSE_SESSION_ENDED);

    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(connection.getStatus()).toBe('session-ended');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);

    connection.resume();
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5));
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('tells the board when the server closes its room, and forgets the room', () => {
    const connection = connect();
    const onClosed = vi.fn();
    connection.subscribe(room, 0, { onMessage: vi.fn(), onClosed });
    const socket = FakeSocket.latest();
    socket.deliver({ type: 'ready', userId: 1 });
    socket.deliver({ type: 'room-closed', room, reason: 'forbidden' });
    expect(onClosed).toHaveBeenCalledWith('forbidden');

    socket.drop(1006);
    vi.advanceTimersByTime(60_000);
    // No room is followed any more, so nothing reconnects.
    expect(FakeSocket.instances).toHaveLength(1);
    expect(connection.getStatus()).toBe('idle');
  });

  it('shares one subscription per room and closes the socket a while after the last board leaves', () => {
    const connection = connect();
    const stopFirst = connection.subscribe(room, 2, { onMessage: vi.fn() });
    const stopSecond = connection.subscribe(room, 2, { onMessage: vi.fn() });
    const socket = FakeSocket.latest();
    socket.deliver({ type: 'ready', userId: 1 });
    expect(socket.sent).toEqual([{ type: 'subscribe', room, afterId: 2 }]);

    stopFirst();
    expect(socket.sent).toHaveLength(1);
    stopSecond();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', room });
    vi.advanceTimersByTime(499);
    expect(socket.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(socket.closedWith).toBe(1000);
    expect(connection.getStatus()).toBe('idle');
  });

  it('starts over at once when the user signs in or out', () => {
    const connection = connect();
    connection.subscribe(room, 0, { onMessage: vi.fn() });
    const first = FakeSocket.latest();
    first.deliver({ type: 'ready', userId: null });
    first.deliver({ type: 'message', message: makeMessage({ id: 12 }) });
    connection.restart();
    expect(first.closedWith).toBe(1000);
    const second = FakeSocket.latest();
    expect(second).not.toBe(first);
    second.deliver({ type: 'ready', userId: 1 });
    expect(second.sent).toEqual([{ type: 'subscribe', room, afterId: 12 }]);
  });
});

describe('reconnectDelay', () => {
  it('doubles up to a ceiling, drawn between half and all of it', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, () => 0)).toBe(4_000);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});
