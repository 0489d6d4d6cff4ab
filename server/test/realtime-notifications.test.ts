import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { listenForSockets, openSocket, type TestSocket } from './support/realtime.js';
import { createSignedInUser } from './support/users.js';

type User = Awaited<ReturnType<typeof createSignedInUser>>;
const onPostgres = process.env.OPENLFG_TEST_DB === 'postgres';
const sockets: TestSocket[] = [];
let users = 0;

async function following(url: string, user: User | null): Promise<TestSocket> {
  const socket = await openSocket(url, { cookie: user?.cookie ?? null });
  sockets.push(socket);
  await socket.next('ready');
  socket.send({ type: 'follow-notifications' });
  return socket;
}

/** Alice's private group with bob's pending request; answers its id. */
async function groupWithRequest(t: TestApp, alice: User, bob: User): Promise<number> {
  const groupId = await postGroup(t.app, alice.cookie, { visibility: 'private' });
  const res = await call(t.app, 'POST', '/api/group-projects/request', bob.cookie, {
    groupProjectId: groupId,
  });
  expect(res.statusCode).toBe(201);
  return groupId;
}

const approve = (t: TestApp, alice: User, bob: User, groupId: number) =>
  call(t.app, 'POST', '/api/group-projects/pending-requests', alice.cookie, {
    groupProjectId: groupId,
    requestUsername: bob.login,
  });

afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('the live unread count on one node', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenForSockets(t.app);
  });
  afterAll(() => t.close());

  it('sends the count at follow, pushes a new one when told, and again when read elsewhere', async () => {
    const alice = await createSignedInUser(t.database.db, `rtn-alice-${++users}`);
    const bob = await createSignedInUser(t.database.db, `rtn-bob-${users}`);
    const groupId = await groupWithRequest(t, alice, bob);
    const bobsTab = await following(url, bob);
    const alicesTab = await following(url, alice);
    expect(await bobsTab.next('notifications')).toEqual({ type: 'notifications', unreadCount: 0 });
    // Alice was told of bob's request before she opened the tab.
    expect(await alicesTab.next('notifications')).toEqual({ type: 'notifications', unreadCount: 1 });

    expect((await approve(t, alice, bob, groupId)).statusCode).toBe(200);
    expect(await bobsTab.next('notifications')).toEqual({ type: 'notifications', unreadCount: 1 });

    // Another of bob's tabs marks all read: this one hears the count drop.
    expect((await call(t.app, 'POST', '/api/notifications/read-all', bob.cookie, {})).statusCode).toBe(200);
    expect(await bobsTab.next('notifications')).toEqual({ type: 'notifications', unreadCount: 0 });
    // The actor's own tab heard nothing new: the next count it hears is the one a later request brings.
    const carol = await createSignedInUser(t.database.db, `rtn-carol-${users}`);
    const requested = await call(t.app, 'POST', '/api/group-projects/request', carol.cookie, {
      groupProjectId: groupId,
    });
    expect(requested.statusCode).toBe(201);
    const unread = await call(t.app, 'GET', '/api/notifications/unread', alice.cookie);
    expect(await alicesTab.next('notifications')).toEqual({
      type: 'notifications',
      unreadCount: unread.json<{ unreadCount: number }>().unreadCount,
    });
    expect(alicesTab.frames.filter((frame) => frame.type === 'notifications')).toHaveLength(2);
  });

  it('tells an anonymous socket it has nothing to follow, and keeps the socket open', async () => {
    const socket = await following(url, null);
    expect(await socket.next('error')).toMatchObject({ code: 'UNAUTHENTICATED' });
    socket.send({ type: 'unfollow-notifications' });
    socket.send({ type: 'follow-notifications', extra: 1 });
    expect(await socket.next('error')).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

/** Two nodes on one PostgreSQL schema, as behind a load balancer (see realtime-nodes.test.ts). */
describe.runIf(onPostgres)('the live unread count across nodes', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  let urlB: string;
  beforeAll(async () => {
    nodeA = await createTestApp();
    const schema = nodeA.database.schema;
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (!schema || !databaseUrl) throw new Error('the PostgreSQL test database has a schema of its own');
    const second = await openDatabase({
      kind: 'postgres',
      url: databaseUrl,
      poolSize: 5,
      searchPath: schema,
    });
    nodeB = await createTestApp({ database: { ...second, dispose: () => second.close() } });
    urlB = await listenForSockets(nodeB.app);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeB?.database.close();
    await nodeA?.close();
  });

  it("pushes a decision made on node A to the requester's socket on node B", async () => {
    const alice = await createSignedInUser(nodeA.database.db, `rtn-alice-${++users}`);
    const bob = await createSignedInUser(nodeA.database.db, `rtn-bob-${users}`);
    const groupId = await groupWithRequest(nodeA, alice, bob);
    const bobOnB = await following(urlB, bob);
    expect(await bobOnB.next('notifications')).toEqual({ type: 'notifications', unreadCount: 0 });
    expect((await approve(nodeA, alice, bob, groupId)).statusCode).toBe(200);
    expect(await bobOnB.next('notifications')).toEqual({ type: 'notifications', unreadCount: 1 });
  });
});
