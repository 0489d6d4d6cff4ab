import { discussionRoom, type Message } from '@openlfg/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './app.js';
import { call, postGroup } from './groups.js';
import { sendMessage } from './messages.js';
import { listenForSockets, openSocket, type TestSocket } from './realtime.js';
import { createSignedInUser } from './users.js';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

/**
 * A realtime test file's world: an app listening for WebSockets, an owner, a member and an outsider signed in,
 * and the moves its tests make (connect, subscribe, send). Filled once the file's first test runs; the sockets
 * it opened are closed after the file.
 */
export function useRealtimeWorld() {
  const sockets: TestSocket[] = [];
  const world = {
    t: undefined as unknown as TestApp,
    url: '',
    owner: undefined as unknown as User,
    member: undefined as unknown as User,
    outsider: undefined as unknown as User,
    /** Every socket the file opened, closed after it. */
    sockets,

    send: (user: User, groupProjectId: number, text: string): Promise<Message> =>
      sendMessage(world.t.app, user, groupProjectId, text),

    async connect(user: User | null, options: { origin?: string | null } = {}) {
      const socket = await openSocket(world.url, { cookie: user?.cookie ?? null, ...options });
      sockets.push(socket);
      await socket.next('ready');
      return socket;
    },

    async subscribe(socket: TestSocket, groupId: number, afterId?: number) {
      const room = discussionRoom(groupId);
      socket.send({ type: 'subscribe', room, ...(afterId === undefined ? {} : { afterId }) });
      const answer = await socket.nextFrame(
        (frame) => (frame.type === 'subscribed' || frame.type === 'room-closed') && frame.room === room,
      );
      return answer.type === 'room-closed' ? answer.reason : answer.type;
    },

    /** Member of a new private group, approved by its owner. */
    async privateGroupWithMember(): Promise<number> {
      const { t, owner, member } = world;
      const groupId = await postGroup(t.app, owner.cookie, { visibility: 'private' });
      await call(t.app, 'POST', '/api/group-projects/request', member.cookie, { groupProjectId: groupId });
      const res = await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
        groupProjectId: groupId,
        requestUsername: member.login,
      });
      expect(res.statusCode).toBe(200);
      return groupId;
    },

    texts: (socket: TestSocket, groupId: number) =>
      socket.frames
        .filter((frame) => frame.type === 'message' && frame.message.groupProjectId === groupId)
        .map((frame) => (frame.type === 'message' ? frame.message.text : '')),

    /**
     * Everything the server sent `socket` before now has arrived: a frame the server can only answer after it (an
     * invalid one, answered with an error) has come back on the same ordered connection. Proves "nothing else
     * came" without waiting a fixed time, however slow the machine.
     */
    async roundTrip(socket: TestSocket): Promise<void> {
      socket.send('round trip');
      await socket.next('error', (frame) => frame.code === 'BAD_REQUEST');
    },
  };
  beforeAll(async () => {
    world.t = await createTestApp({
      env: { ADMIN_LOGINS: 'rt-moderator' },
      // Heartbeats out of the way (a stalled test process would miss fast ones): the heartbeat test has its own node.
      realtime: { heartbeatMs: 60_000, sessionCheckMs: 200, flood: { burst: 20, perSecond: 5 } },
    });
    world.url = await listenForSockets(world.t.app);
    world.owner = await createSignedInUser(world.t.database.db, 'rt-owner');
    world.member = await createSignedInUser(world.t.database.db, 'rt-member');
    world.outsider = await createSignedInUser(world.t.database.db, 'rt-outsider');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await world.t.close();
  });
  return world;
}
