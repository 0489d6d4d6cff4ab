// The realtime channel itself: opening it, sessions ending, bad frames, heartbeats, shutdown, a failing database.
import type { Socket } from 'node:net';
import { discussionRoom, REALTIME_MAX_FRAME_BYTES } from '@openlfg/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createRealtimeHub } from '../src/messages/realtime/hub.js';
import type { RealtimeClient } from '../src/platform/realtime/client.js';
import type { MessagesRepository } from '../src/messages/repository.js';
import type { MessagesService } from '../src/messages/service.js';
import { createMemoryBus } from '../src/platform/bus/memory-bus.js';
import { createTestApp } from './support/app.js';
import { call } from './support/groups.js';
import { listenForSockets, openSocket } from './support/realtime.js';
import { createSignedInUser } from './support/users.js';

import { useRealtimeWorld } from './support/realtime-world.js';

const rt = useRealtimeWorld();

describe('opening the channel', () => {
  it('refuses a foreign or missing Origin before any socket exists', async () => {
    await expect(
      openSocket(rt.url, { cookie: rt.member.cookie, origin: 'https://evil.example' }),
    ).rejects.toThrow('upgrade refused: 403');
    await expect(openSocket(rt.url, { cookie: rt.member.cookie, origin: null })).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it('knows the signed-in user from the session cookie, and lets anonymous visitors in', async () => {
    const signedIn = await openSocket(rt.url, { cookie: rt.member.cookie });
    rt.sockets.push(signedIn);
    expect(await signedIn.next('ready')).toEqual({ type: 'ready', userId: rt.member.id });
    const anonymous = await openSocket(rt.url);
    rt.sockets.push(anonymous);
    expect(await anonymous.next('ready')).toEqual({ type: 'ready', userId: null });
  });

  it('closes at once with 4401 when the cookie names an ended session', async () => {
    const gone = await createSignedInUser(rt.t.database.db, 'rt-gone');
    await call(rt.t.app, 'DELETE', '/api/account/logout', gone.cookie);
    const socket = await openSocket(rt.url, { cookie: gone.cookie });
    expect(await socket.closed).toBe(4401);
  });
});

describe('sessions ending', () => {
  it('closes the session’s sockets with 4401 on logout, leaving the user’s other sessions open', async () => {
    const user = await createSignedInUser(rt.t.database.db, 'rt-leaver');
    const otherSession = await createSignedInUser(rt.t.database.db, 'rt-other');
    const socket = await rt.connect(user);
    const other = await rt.connect(otherSession);
    await call(rt.t.app, 'DELETE', '/api/account/logout', user.cookie);
    expect(await socket.closed).toBe(4401);
    // The logout closed its session's sockets together; the other one still answers.
    await rt.roundTrip(other);
    expect(other.socket.readyState).toBe(other.socket.OPEN);
  });

  it('closes sockets whose session expired without a request', async () => {
    const user = await createSignedInUser(rt.t.database.db, 'rt-idle');
    const socket = await rt.connect(user);
    await rt.t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect(await socket.closed).toBe(4401);
  });
});

describe('frames a client sends', () => {
  it('answers a malformed frame with an error and keeps the socket open', async () => {
    const socket = await rt.connect(rt.member);
    socket.send('not json');
    expect((await socket.next('error')).code).toBe('BAD_REQUEST');
    socket.send({ type: 'subscribe', room: 'someone-elses-room' });
    expect((await socket.next('error')).code).toBe('BAD_REQUEST');
    socket.send({ type: 'subscribe', room: discussionRoom(1), afterId: -1 });
    expect((await socket.next('error')).code).toBe('BAD_REQUEST');
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });

  it('closes a socket that sends a frame over the size limit (1009)', async () => {
    const socket = await rt.connect(rt.member);
    socket.send('x'.repeat(REALTIME_MAX_FRAME_BYTES + 1));
    expect(await socket.closed).toBe(1009);
  });

  it('limits a flood per user: errors first, then the socket is closed (1008)', async () => {
    const flooder = await createSignedInUser(rt.t.database.db, 'rt-flooder');
    const socket = await rt.connect(flooder);
    for (let i = 0; i < 100; i++) socket.send({ type: 'unsubscribe', room: discussionRoom(1) });
    expect((await socket.next('error')).code).toBe('RATE_LIMITED');
    expect(await socket.closed).toBe(1008);
  });
});

describe('heartbeats', () => {
  it('sends heartbeats, and drops a connection that stops answering pings', async () => {
    // A node of its own beating every second (the file's node beats rarely: a test process whose loop stalls
    // on a busy machine would miss fast beats and lose its sockets, which is what this test makes happen).
    const node = await createTestApp({ realtime: { heartbeatMs: 1000 } });
    try {
      const nodeUrl = await listenForSockets(node.app);
      const socket = await openSocket(nodeUrl);
      const witness = await openSocket(nodeUrl);
      await socket.next('heartbeat');
      // A frozen peer: its end stops reading, so it neither answers pings nor sees frames.
      const raw = (socket.socket as unknown as { _socket: Socket })._socket;
      raw.pause();
      // The server beats every socket in one pass, so the witness's heartbeats count its passes: frozen for
      // four of them (one ping may have been answered just before, one more to find it unanswered, one to drop
      // it, one in flight at the freeze), however slowly the machine runs them.
      const beatsBefore = witness.frames.length;
      await vi.waitFor(
        () =>
          expect(
            witness.frames.slice(beatsBefore).filter((frame) => frame.type === 'heartbeat').length,
          ).toBeGreaterThanOrEqual(4),
        { timeout: 30_000, interval: 50 },
      );
      raw.resume();
      expect(await socket.closed).not.toBe(1000);
      expect(witness.socket.readyState).toBe(witness.socket.OPEN);
      witness.close();
    } finally {
      await node.close();
    }
  });
});

describe('a node shutting down', () => {
  it('closes its sockets with 1001 so clients reconnect and resume', async () => {
    const node = await createTestApp();
    const nodeUrl = await listenForSockets(node.app);
    const socket = await openSocket(nodeUrl);
    await socket.next('ready');
    const closing = node.close();
    expect(await socket.closed).toBe(1001);
    await closing;
  });
});

describe('the session check', () => {
  it('leaves open a socket that connected while the check was asking which sessions are active', async () => {
    // The check asks about the sessions of the sockets open when it starts; its answer cannot speak for one
    // that connected meanwhile (checked at its own upgrade), which it closed with 4401 (seen on a busy machine).
    let answer: (active: Set<string>) => void = () => {};
    const asked: string[][] = [];
    const hub = createRealtimeHub({
      repository: {} as MessagesRepository,
      service: {} as MessagesService,
      bus: createMemoryBus(() => {}),
      log: rt.t.app.log,
      activeSessions: (hashes) => {
        asked.push(hashes);
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const closes = new Map<string, number[]>();
    const clientOf = (sessionIdHash: string): RealtimeClient => {
      closes.set(sessionIdHash, []);
      return {
        userId: rt.member.id,
        sessionIdHash,
        send: () => {},
        close: (code) => closes.get(sessionIdHash)?.push(code),
      };
    };
    hub.connect(clientOf('live'));
    hub.connect(clientOf('ended'));
    const checking = hub.closeEndedSessions();
    hub.connect(clientOf('new'));
    answer(new Set(['live']));
    await checking;
    expect(asked).toEqual([['live', 'ended']]);
    expect(Object.fromEntries(closes)).toEqual({ live: [], ended: [4401], new: [] });
    expect(hub.stats().clients).toBe(2);
  });
});

describe('the database failing under a subscribe', () => {
  it('answers UNAVAILABLE and closes (1011) when the access check fails, so the client reconnects and resumes', async () => {
    // A database restart while a socket subscribes: left unanswered, the client would wait for `subscribed`
    // forever on a socket that stays open, and never hear the room again.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const failing = { roomAccess: () => Promise.reject(refused) };
    const hub = createRealtimeHub({
      repository: {} as MessagesRepository,
      service: failing as unknown as MessagesService,
      bus: createMemoryBus(() => {}),
      log: rt.t.app.log,
      activeSessions: async () => new Set(),
    });
    const sent: string[] = [];
    const closes: number[] = [];
    const client: RealtimeClient = {
      userId: rt.member.id,
      sessionIdHash: null,
      send: (frame) => sent.push(frame),
      close: (code) => closes.push(code),
    };
    hub.connect(client);
    await hub.subscribe(client, discussionRoom(1), 5);
    expect(sent.map((frame) => JSON.parse(frame) as unknown)).toEqual([
      expect.objectContaining({ type: 'error', code: 'UNAVAILABLE' }),
    ]);
    expect(closes).toEqual([1011]);
    expect(hub.stats()).toEqual({ clients: 0, rooms: 0 });
  });
});
