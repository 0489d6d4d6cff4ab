import {
  discussionRoom,
  REALTIME_CLOSE_TOO_MANY_CONNECTIONS,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_MAX_ROOMS,
  type ServerFrame,
} from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { createRealtimeHub } from '../src/messages/realtime/hub.js';
import type { RealtimeClient } from '../src/platform/realtime/client.js';
import type { MessagesRepository } from '../src/messages/repository.js';
import type { MessagesService } from '../src/messages/service.js';
import { createMemoryBus } from '../src/platform/bus/memory-bus.js';
import { createTestApp, testConfig, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { capturedLogger } from './support/log-lines.js';
import { postGroup } from './support/groups.js';
import { listenForSockets, openSocket, type TestSocket } from './support/realtime.js';
import { createSignedInUser } from './support/users.js';

/**
 * What a client can do to the realtime channel beyond sending ordinary frames: numbers the database cannot
 * take, more sockets than any browser needs, broken frames. Each must cost the client, not the server.
 */

let t: TestApp;
let url: string;
let publicGroup: number;
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let user: User;
const sockets: TestSocket[] = [];

/** Small caps, so the test opens a handful of sockets rather than the real sixty. */
const LIMITS = { perSession: 2, perAddress: 4 };

async function connect(cookie: string | null = user.cookie) {
  const socket = await openSocket(url, { cookie });
  sockets.push(socket);
  return socket;
}

/** The close code and reason the server sent. */
function closeOf(socket: TestSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    socket.socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
}

beforeAll(async () => {
  // A flood limit above the rooms cap: the cap test sends more subscribes at once than the default allows.
  t = await createTestApp({
    realtime: { connectionLimits: LIMITS, flood: { burst: 2 * REALTIME_MAX_ROOMS, perSecond: 100 } },
  });
  url = await listenForSockets(t.app);
  user = await createSignedInUser(t.database.db, 'limits-user');
  publicGroup = await postGroup(t.app, user.cookie, { visibility: 'public' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

describe('numbers in a frame', () => {
  it.each([
    ['1e21', 1e21],
    ['2**53', 2 ** 53],
  ])(
    'answers a subscribe with afterId %s with an error frame and keeps the socket open',
    async (_, afterId) => {
      const socket = await connect();
      await socket.next('ready');
      socket.send({ type: 'subscribe', room: discussionRoom(publicGroup), afterId });
      expect((await socket.next('error')).code).toBe('BAD_REQUEST');
      // Still open, and still serving: the same room with a sane id is followed.
      socket.send({ type: 'subscribe', room: discussionRoom(publicGroup), afterId: 2 ** 53 - 1 });
      await socket.next('subscribed');
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
      socket.close();
    },
  );

  it('answers a room whose group id is past the largest id with an error frame', async () => {
    const socket = await connect();
    await socket.next('ready');
    // Sixteen digits fit the room's pattern but not a safe integer.
    socket.send({ type: 'subscribe', room: 'discussion-board-9999999999999999' });
    expect((await socket.next('error')).code).toBe('BAD_REQUEST');
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    socket.close();
  });
});

describe('rooms per socket', () => {
  /** Public boards straight into the database: the cap needs more groups than a test should post one by one. */
  async function publicGroups(count: number): Promise<number[]> {
    const rows = await t.database.db
      .insertInto('group_projects')
      .values(
        Array.from({ length: count }, (_, i) => ({
          title: `Rooms cap ${i}`,
          description: 'A board to follow.',
          topics: ['web'],
          skill_level: 'Any level' as const,
          visibility: 'public' as const,
          discord_url: null,
          max_members: null,
          owner_id: user.id,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
  const answerTo = (socket: TestSocket, groupId: number) =>
    socket.nextFrame(
      (frame) =>
        (frame.type === 'subscribed' || frame.type === 'room-closed') &&
        frame.room === discussionRoom(groupId),
    );
  const outcome = (frame: ServerFrame) =>
    frame.type === 'room-closed' ? frame.reason : frame.type === 'subscribed' ? 'subscribed' : frame.type;

  it('follows at most the cap of rooms when many subscribes arrive at once; a refused or ended one frees its slot', async () => {
    const groups = await publicGroups(REALTIME_MAX_ROOMS + 5);
    const socket = await connect();
    await socket.next('ready');
    // All in one go: each subscribe's access check is still running when the next one arrives.
    for (const groupId of groups) socket.send({ type: 'subscribe', room: discussionRoom(groupId) });
    const outcomes = await Promise.all(
      groups.map(async (groupId) => outcome(await answerTo(socket, groupId))),
    );
    expect(outcomes).toEqual([
      ...Array<string>(REALTIME_MAX_ROOMS).fill('subscribed'),
      ...Array<string>(5).fill('too-many-rooms'),
    ]);
    const [first, second, refused, alsoRefused] = [groups[0], groups[1], groups.at(-1), groups.at(-2)];
    if (!first || !second || !refused || !alsoRefused) throw new Error('too few groups');
    // Leaving a room frees its slot.
    socket.send({ type: 'unsubscribe', room: discussionRoom(first) });
    socket.send({ type: 'subscribe', room: discussionRoom(refused) });
    expect(outcome(await answerTo(socket, refused))).toBe('subscribed');
    // A subscribe the policy refuses held a slot only while it was checked.
    socket.send({ type: 'unsubscribe', room: discussionRoom(second) });
    socket.send({ type: 'subscribe', room: discussionRoom(987_654) });
    socket.send({ type: 'subscribe', room: discussionRoom(alsoRefused) });
    expect(outcome(await answerTo(socket, 987_654))).toBe('not-found');
    expect(outcome(await answerTo(socket, alsoRefused))).toBe('too-many-rooms');
    socket.send({ type: 'subscribe', room: discussionRoom(alsoRefused) });
    expect(outcome(await answerTo(socket, alsoRefused))).toBe('subscribed');
    // Closed before the next tests count this user's sockets.
    socket.close();
    await socket.closed;
  });
});

describe('a subscribe whose database work fails for a reason other than an outage', () => {
  function hubWith(repository: Partial<MessagesRepository>, service: Partial<MessagesService>) {
    const hub = createRealtimeHub({
      repository: repository as MessagesRepository,
      service: service as MessagesService,
      bus: createMemoryBus(() => {}),
      log: t.app.log,
      activeSessions: async () => new Set(),
    });
    const sent: unknown[] = [];
    const closes: number[] = [];
    const client: RealtimeClient = {
      userId: user.id,
      sessionIdHash: null,
      send: (frame) => sent.push(JSON.parse(frame)),
      close: (code) => closes.push(code),
    };
    hub.connect(client);
    return { hub, client, sent, closes };
  }
  /** What PostgreSQL answers a value it cannot read: the query was wrong, the server is fine. */
  const badQuery = () => Object.assign(new Error('invalid input syntax for type bigint'), { code: '22P02' });

  it('answers an error frame and keeps the socket when the access check fails', async () => {
    const { hub, client, sent, closes } = hubWith({}, { roomAccess: () => Promise.reject(badQuery()) });
    await hub.subscribe(client, discussionRoom(1), 5);
    expect(sent).toEqual([expect.objectContaining({ type: 'error', code: 'INTERNAL_ERROR' })]);
    expect(closes).toEqual([]);
    expect(hub.stats()).toEqual({ clients: 1, rooms: 0 });
  });

  it('answers an error frame and keeps the socket when the replay fails', async () => {
    const { hub, client, sent, closes } = hubWith(
      { latestId: async () => 0, after: () => Promise.reject(badQuery()) },
      { roomAccess: async () => 'allowed' },
    );
    await hub.subscribe(client, discussionRoom(1), 5);
    expect(sent).toEqual([
      { type: 'subscribed', room: discussionRoom(1), at: expect.any(Number) },
      expect.objectContaining({ type: 'error', code: 'INTERNAL_ERROR' }),
    ]);
    expect(closes).toEqual([]);
    expect(hub.stats()).toEqual({ clients: 1, rooms: 0 });
  });
});

describe('sockets per session and per address', () => {
  it('refuses a session’s socket past the cap with 4429 before saying ready, and takes one again once one closes', async () => {
    const session = await createSignedInUser(t.database.db, 'limits-tabs');
    const first = await connect(session.cookie);
    await first.next('ready');
    const second = await connect(session.cookie);
    await second.next('ready');
    const refused = await connect(session.cookie);
    expect(await closeOf(refused)).toEqual({
      code: REALTIME_CLOSE_TOO_MANY_CONNECTIONS,
      reason: 'too many connections',
    });
    // Told nothing else: a client reading `ready` would reset its backoff and retry at once.
    expect(refused.frames).toEqual([]);
    first.close();
    await first.closed;
    const again = await connect(session.cookie);
    await again.next('ready');
    for (const socket of [second, again]) {
      socket.close();
      await socket.closed;
    }
  });

  it('refuses an address’s socket past the cap, whoever opens it', async () => {
    const open: TestSocket[] = [];
    for (let i = 0; i < LIMITS.perAddress; i++) {
      const socket = await connect(null);
      await socket.next('ready');
      open.push(socket);
    }
    const anonymous = await connect(null);
    expect((await closeOf(anonymous)).code).toBe(REALTIME_CLOSE_TOO_MANY_CONNECTIONS);
    const signedIn = await connect((await createSignedInUser(t.database.db, 'limits-neighbour')).cookie);
    expect((await closeOf(signedIn)).code).toBe(REALTIME_CLOSE_TOO_MANY_CONNECTIONS);
    for (const socket of open) {
      socket.close();
      await socket.closed;
    }
    const later = await connect(null);
    await later.next('ready');
    later.close();
  });
});

describe('sockets per address behind a proxy', () => {
  it('counts the addresses of one IPv6 /64 network as one address', async () => {
    const proxied = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      realtime: { connectionLimits: LIMITS },
    });
    const proxiedUrl = await listenForSockets(proxied.app);
    const from = (address: string) => openSocket(proxiedUrl, { headers: { 'x-forwarded-for': address } });
    const open: TestSocket[] = [];
    try {
      for (let i = 1; i <= LIMITS.perAddress; i++) {
        const socket = await from(`2001:db8:1:2::${i}`);
        await socket.next('ready');
        open.push(socket);
      }
      // Another address of the same /64 is the same client; one of another network is not.
      const rotated = await from('2001:db8:1:2:ffff::1');
      expect((await closeOf(rotated)).code).toBe(REALTIME_CLOSE_TOO_MANY_CONNECTIONS);
      const neighbour = await from('2001:db8:1:3::1');
      await neighbour.next('ready');
      open.push(neighbour);
    } finally {
      for (const socket of open) socket.close();
      await proxied.close();
    }
  });
});

describe('broken frames in the log', () => {
  let app: App;
  let database: TestDatabase;
  let logUrl: string;
  const { logger, lines } = capturedLogger();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, webDistDir: null, logger });
    logUrl = await listenForSockets(app);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it.each([
    [
      'invalid UTF-8',
      1007,
      (socket: TestSocket) => socket.socket.send(Buffer.from([0xc3, 0x28]), { binary: false }),
    ],
    [
      'a frame over the size limit',
      1009,
      (socket: TestSocket) => socket.send('x'.repeat(REALTIME_MAX_FRAME_BYTES + 1)),
    ],
  ])('logs %s once, at warn, with the close code and no stack', async (_, code, sendBroken) => {
    lines.length = 0;
    const socket = await openSocket(logUrl);
    await socket.next('ready');
    sendBroken(socket);
    expect(await socket.closed).toBe(code);
    // Any late line (a second handler, an error event after the close) comes before a request sent after the
    // close is logged as done.
    const completed = () => lines.filter((line) => line.msg === 'request').length;
    const before = completed();
    await app.inject({ method: 'GET', url: '/api/health' });
    await vi.waitFor(() => expect(completed()).toBeGreaterThan(before));
    const serious = lines.filter((line) => line.level >= 40);
    expect(serious).toHaveLength(1);
    expect(serious[0]).toMatchObject({ level: 40, closeCode: code, reason: expect.any(String) });
    expect(JSON.stringify(serious[0])).not.toMatch(/stack|at .*\.js:\d+/);
  });
});
