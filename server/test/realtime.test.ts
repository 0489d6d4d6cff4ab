import type { Socket } from 'node:net';
import { discussionRoom, REALTIME_MAX_FRAME_BYTES, type Message } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRealtimeHub } from '../src/messages/realtime/hub.js';
import type { RealtimeClient } from '../src/platform/realtime/client.js';
import type { MessagesRepository } from '../src/messages/repository.js';
import type { MessagesService } from '../src/messages/service.js';
import { createMemoryBus } from '../src/platform/bus/memory-bus.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { sendMessage } from './support/messages.js';
import { listenForSockets, openSocket, type TestSocket } from './support/realtime.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
let url: string;
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let owner: User;
let member: User;
let outsider: User;
const sockets: TestSocket[] = [];

const send = (user: User, groupProjectId: number, text: string): Promise<Message> =>
  sendMessage(t.app, user, groupProjectId, text);

async function connect(user: User | null, options: { origin?: string | null } = {}) {
  const socket = await openSocket(url, { cookie: user?.cookie ?? null, ...options });
  sockets.push(socket);
  await socket.next('ready');
  return socket;
}

async function subscribe(socket: TestSocket, groupId: number, afterId?: number) {
  const room = discussionRoom(groupId);
  socket.send({ type: 'subscribe', room, ...(afterId === undefined ? {} : { afterId }) });
  const answer = await socket.nextFrame(
    (frame) => (frame.type === 'subscribed' || frame.type === 'room-closed') && frame.room === room,
  );
  return answer.type === 'room-closed' ? answer.reason : answer.type;
}

/** Member of a new private group, approved by its owner. */
async function privateGroupWithMember(): Promise<number> {
  const groupId = await postGroup(t.app, owner.cookie, { visibility: 'private' });
  await call(t.app, 'POST', '/api/group-projects/request', member.cookie, { groupProjectId: groupId });
  const res = await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
    groupProjectId: groupId,
    requestUsername: member.login,
  });
  expect(res.statusCode).toBe(200);
  return groupId;
}

const texts = (socket: TestSocket, groupId: number) =>
  socket.frames
    .filter((frame) => frame.type === 'message' && frame.message.groupProjectId === groupId)
    .map((frame) => (frame.type === 'message' ? frame.message.text : ''));

/**
 * Everything the server sent `socket` before now has arrived: a frame the server can only answer after it (an
 * invalid one, answered with an error) has come back on the same ordered connection. Proves "nothing else came"
 * without waiting a fixed time, however slow the machine.
 */
async function roundTrip(socket: TestSocket): Promise<void> {
  socket.send('round trip');
  await socket.next('error', (frame) => frame.code === 'BAD_REQUEST');
}

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_LOGINS: 'rt-moderator' },
    // Heartbeats out of the way (a stalled test process would miss fast ones): the heartbeat test has its own node.
    realtime: { heartbeatMs: 60_000, sessionCheckMs: 200, flood: { burst: 20, perSecond: 5 } },
  });
  url = await listenForSockets(t.app);
  owner = await createSignedInUser(t.database.db, 'rt-owner');
  member = await createSignedInUser(t.database.db, 'rt-member');
  outsider = await createSignedInUser(t.database.db, 'rt-outsider');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

describe('opening the channel', () => {
  it('refuses a foreign or missing Origin before any socket exists', async () => {
    await expect(openSocket(url, { cookie: member.cookie, origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    await expect(openSocket(url, { cookie: member.cookie, origin: null })).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it('knows the signed-in user from the session cookie, and lets anonymous visitors in', async () => {
    const signedIn = await openSocket(url, { cookie: member.cookie });
    sockets.push(signedIn);
    expect(await signedIn.next('ready')).toEqual({ type: 'ready', userId: member.id });
    const anonymous = await openSocket(url);
    sockets.push(anonymous);
    expect(await anonymous.next('ready')).toEqual({ type: 'ready', userId: null });
  });

  it('closes at once with 4401 when the cookie names an ended session', async () => {
    const gone = await createSignedInUser(t.database.db, 'rt-gone');
    await call(t.app, 'DELETE', '/api/account/logout', gone.cookie);
    const socket = await openSocket(url, { cookie: gone.cookie });
    expect(await socket.closed).toBe(4401);
  });
});

describe('following a board', () => {
  it('checks the policy at subscribe: private boards for members only, public boards for everyone', async () => {
    const privateGroup = await privateGroupWithMember();
    const publicGroup = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    expect(await subscribe(await connect(member), privateGroup)).toBe('subscribed');
    expect(await subscribe(await connect(owner), privateGroup)).toBe('subscribed');
    expect(await subscribe(await connect(outsider), privateGroup)).toBe('forbidden');
    expect(await subscribe(await connect(null), privateGroup)).toBe('forbidden');
    expect(await subscribe(await connect(null), publicGroup)).toBe('subscribed');
    expect(await subscribe(await connect(null), 987_654)).toBe('not-found');
  });

  it('delivers each new message live to every subscriber, the sender included, once and in order', async () => {
    const groupId = await privateGroupWithMember();
    const memberSocket = await connect(member);
    const ownerSocket = await connect(owner);
    await subscribe(memberSocket, groupId);
    await subscribe(ownerSocket, groupId);
    // Concurrent senders: the room lock keeps ids in commit order, so delivery order is id order.
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i % 2 ? owner : member, groupId, `live ${i}`)),
    );
    const ids = sent.map((message) => message.id).sort((a, b) => a - b);
    for (const socket of [memberSocket, ownerSocket]) {
      await socket.next('message', (frame) => frame.message.id === ids.at(-1));
      const received = socket.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message.id] : []));
      expect(received).toEqual(ids);
    }
    const first = memberSocket.frames.find((frame) => frame.type === 'message');
    expect(first).toMatchObject({
      message: { room: discussionRoom(groupId), author: { login: expect.any(String) } },
    });
  });

  it('replays exactly the missed messages after the last id seen, then continues live', async () => {
    const groupId = await privateGroupWithMember();
    const before = [];
    for (let i = 1; i <= 5; i++) before.push(await send(owner, groupId, `m${i}`));
    const socket = await connect(member);
    expect(await subscribe(socket, groupId, before[1]?.id)).toBe('subscribed');
    await socket.next('message', (frame) => frame.message.text === 'm5');
    await send(owner, groupId, 'm6');
    await socket.next('message', (frame) => frame.message.text === 'm6');
    // A later message comes after any repeat of these in the room's order.
    await send(owner, groupId, 'm7');
    await socket.next('message', (frame) => frame.message.text === 'm7');
    expect(texts(socket, groupId)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
  });

  it('gives a subscriber who joins during a burst every message after its last id, exactly once', async () => {
    const groupId = await privateGroupWithMember();
    const start = await send(owner, groupId, 'before the burst');
    const burst = Promise.all(Array.from({ length: 30 }, (_, i) => send(owner, groupId, `burst ${i}`)));
    const socket = await connect(member);
    await subscribe(socket, groupId, start.id);
    const sent = (await burst).map((message) => message.id).sort((a, b) => a - b);
    await socket.next('message', (frame) => frame.message.id === sent.at(-1));
    const after = await send(owner, groupId, 'after the burst');
    await socket.next('message', (frame) => frame.message.id === after.id);
    const received = socket.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message.id] : []));
    expect(received).toEqual([...sent, after.id]);
  });

  it('without a last id, sends only what comes after subscribing', async () => {
    const groupId = await privateGroupWithMember();
    await send(owner, groupId, 'old');
    const socket = await connect(member);
    await subscribe(socket, groupId);
    await send(owner, groupId, 'new');
    await socket.next('message', (frame) => frame.message.text === 'new');
    expect(texts(socket, groupId)).toEqual(['new']);
  });

  it('pushes an edit and a deletion to every subscriber, as the message now stands; new ids are untouched', async () => {
    const groupId = await privateGroupWithMember();
    const sent = await send(member, groupId, 'first try');
    const memberSocket = await connect(member);
    const ownerSocket = await connect(owner);
    await subscribe(memberSocket, groupId, sent.id);
    await subscribe(ownerSocket, groupId, sent.id);
    const edit = await call(t.app, 'POST', '/api/messages/edit-message', member.cookie, {
      groupProjectId: groupId,
      messageId: sent.id,
      text: 'second try',
    });
    expect(edit.statusCode).toBe(200);
    for (const socket of [memberSocket, ownerSocket]) {
      const frame = await socket.next('message-changed');
      expect(frame.message).toMatchObject({ id: sent.id, text: 'second try', editedAt: expect.any(String) });
    }
    await call(t.app, 'POST', '/api/messages/delete-message', owner.cookie, {
      groupProjectId: groupId,
      messageId: sent.id,
    });
    for (const socket of [memberSocket, ownerSocket]) {
      const frame = await socket.next('message-changed');
      expect(frame.message).toMatchObject({ id: sent.id, text: '', deletedAt: expect.any(String) });
    }
    // A change is no new message: the next one arrives once, and nothing was replayed as new.
    await send(owner, groupId, 'after');
    await memberSocket.next('message', (frame) => frame.message.text === 'after');
    expect(texts(memberSocket, groupId)).toEqual(['after']);
  });

  it('gives a subscriber back after a lost socket the edits and deletions it missed, when it asks', async () => {
    const groupId = await privateGroupWithMember();
    const kept = await send(owner, groupId, 'will be edited');
    const gone = await send(owner, groupId, 'will be deleted');
    const first = await connect(member);
    first.send({ type: 'subscribe', room: discussionRoom(groupId), afterId: gone.id });
    const { at } = await first.next('subscribed');
    expect(at).toEqual(expect.any(Number));
    first.close();
    await first.closed;
    // While the member is away.
    await call(t.app, 'POST', '/api/messages/edit-message', owner.cookie, {
      groupProjectId: groupId,
      messageId: kept.id,
      text: 'edited while away',
    });
    await call(t.app, 'POST', '/api/messages/delete-message', owner.cookie, {
      groupProjectId: groupId,
      messageId: gone.id,
    });

    // Resubscribing without changedSince brings nothing (no new message)...
    const plain = await connect(member);
    expect(await subscribe(plain, groupId, gone.id)).toBe('subscribed');
    // Changes are sent before the replay: a new message, once in, comes after any of them.
    const later = await send(owner, groupId, 'later');
    await plain.next('message', (frame) => frame.message.id === later.id);
    expect(plain.frames.filter((frame) => frame.type === 'message-changed')).toEqual([]);
    // ...with it, both changes, as the messages now stand.
    const resumed = await connect(member);
    resumed.send({ type: 'subscribe', room: discussionRoom(groupId), afterId: gone.id, changedSince: at });
    const changes = [await resumed.next('message-changed'), await resumed.next('message-changed')];
    expect(changes.map((frame) => [frame.message.id, frame.message.text])).toEqual([
      [kept.id, 'edited while away'],
      [gone.id, ''],
    ]);
  });

  it('stops delivering to a member who leaves, at once', async () => {
    const groupId = await privateGroupWithMember();
    const socket = await connect(member);
    await subscribe(socket, groupId);
    const witness = await connect(owner);
    await subscribe(witness, groupId);
    await send(owner, groupId, 'while a member');
    await socket.next('message', (frame) => frame.message.text === 'while a member');
    const left = await call(t.app, 'DELETE', '/api/group-projects/leave', member.cookie, {
      groupProjectId: groupId,
    });
    expect(left.statusCode).toBe(200);
    expect(await socket.next('room-closed')).toEqual({
      type: 'room-closed',
      room: discussionRoom(groupId),
      reason: 'forbidden',
    });
    await send(owner, groupId, 'after leaving');
    // The room's subscribers are sent a message together: once the owner has it, so would the member have.
    await witness.next('message', (frame) => frame.message.text === 'after leaving');
    await roundTrip(socket);
    expect(texts(socket, groupId)).toEqual(['while a member']);
    // Subscribing again is refused: the policy is checked every time.
    expect(await subscribe(socket, groupId)).toBe('forbidden');
  });

  it('stops delivering to a member the owner removes, at once', async () => {
    const groupId = await privateGroupWithMember();
    const socket = await connect(member);
    await subscribe(socket, groupId);
    const witness = await connect(owner);
    await subscribe(witness, groupId);
    const removed = await call(t.app, 'POST', '/api/group-projects/remove-member', owner.cookie, {
      groupProjectId: groupId,
      memberUsername: member.login,
    });
    expect(removed.statusCode).toBe(200);
    expect((await socket.next('room-closed')).reason).toBe('forbidden');
    await send(owner, groupId, 'after the removal');
    await witness.next('message', (frame) => frame.message.text === 'after the removal');
    await roundTrip(socket);
    expect(texts(socket, groupId)).toEqual([]);
    expect(await subscribe(socket, groupId)).toBe('forbidden');
  });

  it('closes the room for everyone when the group is deleted', async () => {
    const groupId = await privateGroupWithMember();
    const socket = await connect(member);
    await subscribe(socket, groupId);
    await call(t.app, 'DELETE', '/api/group-projects/delete-project', owner.cookie, {
      groupProjectId: groupId,
    });
    expect((await socket.next('room-closed')).reason).toBe('not-found');
  });

  it('closes the room to members but not to the owner when a moderator hides the group, until restored', async () => {
    const groupId = await privateGroupWithMember();
    const memberSocket = await connect(member);
    const ownerSocket = await connect(owner);
    await subscribe(memberSocket, groupId);
    await subscribe(ownerSocket, groupId);
    const moderator = await createSignedInUser(t.database.db, 'rt-moderator');
    await call(t.app, 'POST', '/api/group-projects/report', outsider.cookie, {
      groupProjectId: groupId,
      reason: 'spam',
    });
    const hidden = await call(t.app, 'POST', `/api/admin/reports/${groupId}/hide`, moderator.cookie, {
      reason: 'Spam',
    });
    expect(hidden.statusCode).toBe(200);
    expect((await memberSocket.next('room-closed')).reason).toBe('forbidden');
    // Nobody posts on a hidden group's board, its owner included; the owner's room stays open, and once a
    // moderator restores the group what is posted reaches it.
    await expect(send(owner, groupId, 'refused while hidden')).rejects.toThrow(/sending failed: 403/);
    const restored = await call(
      t.app,
      'POST',
      `/api/admin/hidden-groups/${groupId}/restore`,
      moderator.cookie,
      {
        reason: 'Fixed',
      },
    );
    expect(restored.statusCode).toBe(200);
    await send(owner, groupId, 'the owner still sees the board');
    await ownerSocket.next('message', (frame) => frame.message.text === 'the owner still sees the board');
    expect(ownerSocket.frames.some((frame) => frame.type === 'room-closed')).toBe(false);
  });
});

describe('sessions ending', () => {
  it('closes the session’s sockets with 4401 on logout, leaving the user’s other sessions open', async () => {
    const user = await createSignedInUser(t.database.db, 'rt-leaver');
    const otherSession = await createSignedInUser(t.database.db, 'rt-other');
    const socket = await connect(user);
    const other = await connect(otherSession);
    await call(t.app, 'DELETE', '/api/account/logout', user.cookie);
    expect(await socket.closed).toBe(4401);
    // The logout closed its session's sockets together; the other one still answers.
    await roundTrip(other);
    expect(other.socket.readyState).toBe(other.socket.OPEN);
  });

  it('closes sockets whose session expired without a request', async () => {
    const user = await createSignedInUser(t.database.db, 'rt-idle');
    const socket = await connect(user);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect(await socket.closed).toBe(4401);
  });
});

describe('frames a client sends', () => {
  it('answers a malformed frame with an error and keeps the socket open', async () => {
    const socket = await connect(member);
    socket.send('not json');
    expect((await socket.next('error')).code).toBe('BAD_REQUEST');
    socket.send({ type: 'subscribe', room: 'someone-elses-room' });
    expect((await socket.next('error')).code).toBe('BAD_REQUEST');
    socket.send({ type: 'subscribe', room: discussionRoom(1), afterId: -1 });
    expect((await socket.next('error')).code).toBe('BAD_REQUEST');
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });

  it('closes a socket that sends a frame over the size limit (1009)', async () => {
    const socket = await connect(member);
    socket.send('x'.repeat(REALTIME_MAX_FRAME_BYTES + 1));
    expect(await socket.closed).toBe(1009);
  });

  it('limits a flood per user: errors first, then the socket is closed (1008)', async () => {
    const flooder = await createSignedInUser(t.database.db, 'rt-flooder');
    const socket = await connect(flooder);
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
      log: t.app.log,
      activeSessions: async () => new Set(),
    });
    const sent: string[] = [];
    const closes: number[] = [];
    const client: RealtimeClient = {
      userId: member.id,
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
