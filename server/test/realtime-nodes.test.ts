import { discussionRoom, type Message } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { listenForSockets, openSocket, type TestSocket } from './support/realtime.js';
import { createSignedInUser } from './support/users.js';

/**
 * Two nodes on one PostgreSQL server (one schema), each with its own pool and its own LISTEN connection: what a
 * deployment behind a load balancer is. PGlite is one process, so this runs on PostgreSQL only (CI has it).
 */
const onPostgres = process.env.OPENLFG_TEST_DB === 'postgres';

describe.runIf(onPostgres)('several nodes', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  let urlB: string;
  type User = Awaited<ReturnType<typeof createSignedInUser>>;
  let owner: User;
  let member: User;
  let groupId: number;
  const sockets: TestSocket[] = [];
  let clientIds = 0;

  const sendOnA = async (user: User, text: string): Promise<Message> => {
    const res = await call(nodeA.app, 'POST', '/api/messages/add-message', user.cookie, {
      groupProjectId: groupId,
      clientId: `nodes-${Date.now()}-${++clientIds}`,
      text,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as Message;
  };

  async function subscribedOnB(user: User, afterId?: number): Promise<TestSocket> {
    const socket = await openSocket(urlB, { cookie: user.cookie });
    sockets.push(socket);
    await socket.next('ready');
    socket.send({ type: 'subscribe', room: discussionRoom(groupId), ...(afterId ? { afterId } : {}) });
    await socket.next('subscribed');
    return socket;
  }

  beforeAll(async () => {
    nodeA = await createTestApp();
    const schema = nodeA.database.schema;
    const url = process.env.TEST_DATABASE_URL;
    if (!schema || !url) throw new Error('the PostgreSQL test database has a schema of its own');
    const secondConnection = await openDatabase({ kind: 'postgres', url, poolSize: 5, searchPath: schema });
    nodeB = await createTestApp({
      database: { ...secondConnection, dispose: () => secondConnection.close() },
      realtime: { heartbeatMs: 60_000 },
    });
    urlB = await listenForSockets(nodeB.app);
    owner = await createSignedInUser(nodeA.database.db, 'nodes-owner');
    member = await createSignedInUser(nodeA.database.db, 'nodes-member');
    groupId = await postGroup(nodeA.app, owner.cookie, { visibility: 'private' });
    await call(nodeA.app, 'POST', '/api/group-projects/request', member.cookie, { groupProjectId: groupId });
    await call(nodeA.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: groupId,
      requestUsername: member.login,
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeB?.close();
    await nodeB?.database.close();
    await nodeA?.close();
  });

  it('delivers a message posted on node A to a subscriber on node B', async () => {
    const socket = await subscribedOnB(member);
    const sent = await sendOnA(owner, 'from node A');
    const received = await socket.next('message');
    expect(received.message).toEqual(sent);
  });

  it('pushes an edit and a deletion made on node A to a subscriber on node B', async () => {
    const sent = await sendOnA(member, 'typo here');
    const socket = await subscribedOnB(owner, sent.id - 1);
    await socket.next('message', (frame) => frame.message.id === sent.id);
    const edit = await call(nodeA.app, 'POST', '/api/messages/edit-message', member.cookie, {
      groupProjectId: groupId,
      messageId: sent.id,
      text: 'no typo here',
    });
    expect(edit.statusCode).toBe(200);
    const edited = await socket.next('message-changed', (frame) => frame.message.id === sent.id);
    expect(edited.message).toMatchObject({ text: 'no typo here', editedAt: expect.any(String) });
    const removal = await call(nodeA.app, 'POST', '/api/messages/delete-message', owner.cookie, {
      groupProjectId: groupId,
      messageId: sent.id,
    });
    expect(removal.statusCode).toBe(200);
    const deleted = await socket.next('message-changed', (frame) => frame.message.id === sent.id);
    expect(deleted.message).toMatchObject({ text: '', deletedAt: expect.any(String) });
  });

  it('catches up after node B loses its LISTEN connection: nothing posted meanwhile is lost', async () => {
    const socket = await subscribedOnB(member);
    const schema = nodeA.database.schema ?? '';
    // Cut B's listening connection, as a restarted server or a broken network would.
    const killed = await sql<{ pid: number }>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where application_name = 'openlfg-bus' and query ilike ${`%openlfg_events_${schema}%`}`.execute(
      nodeA.database.db,
    );
    expect(killed.rows.length).toBe(2); // A's and B's listeners
    const during = [await sendOnA(owner, 'while cut 1'), await sendOnA(owner, 'while cut 2')];
    const last = await socket.next('message', (frame) => frame.message.id === during[1]?.id);
    expect(last.message.text).toBe('while cut 2');
    const texts = socket.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message.text] : []));
    expect(texts).toEqual(['while cut 1', 'while cut 2']);
    // And live delivery goes on.
    await sendOnA(owner, 'after the cut');
    await socket.next('message', (frame) => frame.message.text === 'after the cut');
  });

  it('survives the database ending a connection that a transaction holds between statements', async () => {
    // A database restart ends every connection, including ones checked out of the pool by a transaction
    // awaiting its next statement; with no listener on them, that 'error' event used to crash the node.
    const schema = nodeA.database.schema;
    const url = process.env.TEST_DATABASE_URL;
    if (!schema || !url) throw new Error('the PostgreSQL test database has a schema of its own');
    const node = await openDatabase({ kind: 'postgres', url, poolSize: 2, searchPath: schema });
    try {
      const cut = node.db.transaction().execute(async (trx) => {
        const own = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`select pg_terminate_backend(${own.rows[0]?.pid ?? 0})`.execute(nodeA.database.db);
        await new Promise((resolve) => setTimeout(resolve, 200)); // the server's FATAL arrives meanwhile
        await sql`select 1`.execute(trx);
      });
      await expect(cut).rejects.toThrow();
      // The broken connection is gone from the pool: the next queries get fresh ones.
      await node.ping();
      await node.ping();
    } finally {
      await node.close();
    }
  });

  it('stops delivering on node B when the member leaves through node A, and closes a session ended on A', async () => {
    const socket = await subscribedOnB(member);
    const left = await call(nodeA.app, 'DELETE', '/api/group-projects/leave', member.cookie, {
      groupProjectId: groupId,
    });
    expect(left.statusCode).toBe(200);
    expect((await socket.next('room-closed')).reason).toBe('forbidden');

    const ownerSocket = await subscribedOnB(owner);
    await call(nodeA.app, 'DELETE', '/api/account/logout', owner.cookie);
    expect(await ownerSocket.closed).toBe(4401);
  });
});
