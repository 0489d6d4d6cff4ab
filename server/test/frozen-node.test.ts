import { discussionRoom } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMessagesRepository,
  messagesRepositoryFor,
  ROOM_IDLE_MS,
  ROOM_TURNS,
} from '../src/messages/repository.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { isDatabaseUnavailable } from '../src/platform/db/unavailable.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

/**
 * Another node frozen (a long GC pause, a VM freeze, a partition) while its transaction holds a room's lock:
 * played by a second pool on the same schema whose transaction takes the room's lock and then sends nothing.
 * The node under test has a pool of 3 and short bounds, set through options. PostgreSQL only: PGlite is one
 * connection in one process, with no other node to wait for.
 */
const onPostgres = process.env.OPENLFG_TEST_DB === 'postgres';
const LOCK_MS = 1500;

/** A transaction on `database` that holds `room`'s lock until released, as a frozen node's would. */
function holdRoom(database: Database, room: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const repository = createMessagesRepository(database.db);
  const done = database.db.transaction().execute(async (trx) => {
    await repository.lockRoom(trx, room);
    locked();
    await released;
    // Thawed: its next statement.
    await sql`select 1`.execute(trx);
  });
  done.catch(() => {});
  return { lockTaken, release, done };
}

describe.runIf(onPostgres)('a frozen node holding a room', () => {
  let base: TestApp;
  let node: TestApp;
  let frozen: Database;
  type User = Awaited<ReturnType<typeof createSignedInUser>>;
  let owner: User;
  let heldGroup: number;
  let otherGroup: number;
  let clientIds = 0;

  const post = (groupProjectId: number) =>
    call(node.app, 'POST', '/api/messages/add-message', owner.cookie, {
      groupProjectId,
      clientId: `frozen-${++clientIds}`,
      text: `message ${clientIds}`,
    });
  const health = () => node.app.inject({ method: 'GET', url: '/api/health' });

  /** This node's sessions waiting for the room's lock right now (the holder's is granted). */
  async function waitingOnLock(room: string): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_locks
      where locktype = 'advisory' and objid = hashtext(${room})::oid and not granted`.execute(
      base.database.db,
    );
    return rows[0]?.count ?? 0;
  }

  beforeAll(async () => {
    base = await createTestApp();
    const schema = base.database.schema;
    const url = process.env.TEST_DATABASE_URL;
    if (!schema || !url) throw new Error('the PostgreSQL test database has a schema of its own');
    // Room locks are server-wide, not per schema: ids far from other test files' keep their rooms apart.
    await sql`select setval('group_projects_id_seq', ${800_000 + Math.floor(Math.random() * 100_000)})`.execute(
      base.database.db,
    );
    const database = await openDatabase({
      kind: 'postgres',
      url,
      poolSize: 3,
      searchPath: schema,
      waits: { lockMs: LOCK_MS, checkoutMs: 500 },
    });
    node = await createTestApp({ database: { ...database, dispose: () => database.close() } });
    frozen = await openDatabase({
      kind: 'postgres',
      url,
      poolSize: 2,
      searchPath: schema,
      waits: { idleInTransactionMs: 60_000 },
    });
    owner = await createSignedInUser(base.database.db, 'frozen-owner');
    heldGroup = await postGroup(base.app, owner.cookie);
    otherGroup = await postGroup(base.app, owner.cookie);
  });
  afterAll(async () => {
    await frozen?.close();
    await node?.close();
    await node?.database.close();
    await base?.close();
  });

  it('answers a post to the held room 503 with Retry-After, while other rooms and the health check answer', async () => {
    const holder = holdRoom(frozen, discussionRoom(heldGroup));
    await holder.lockTaken;
    try {
      const [held, other, check] = await Promise.all([post(heldGroup), post(otherGroup), health()]);
      expect(held.statusCode).toBe(503);
      expect(held.headers['retry-after']).toBe('5');
      expect(held.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again shortly.',
        },
      });
      expect(other.statusCode).toBe(200);
      expect(check.statusCode).toBe(200);
    } finally {
      holder.release();
      await holder.done;
    }
    expect((await post(heldGroup)).statusCode).toBe(200);
  });

  it('lets twenty posts to the held room take at most its turns’ connections (two of three); another room still posts', async () => {
    const room = discussionRoom(heldGroup);
    const holder = holdRoom(frozen, room);
    await holder.lockTaken;
    try {
      let settled = false;
      const posts = Promise.all(Array.from({ length: 20 }, () => post(heldGroup))).finally(() => {
        settled = true;
      });
      // Sampled until the posts are answered: how many of this node's connections wait on the lock at once.
      const samples: number[] = [];
      const sampling = (async () => {
        while (!settled) {
          samples.push(await waitingOnLock(room));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      while (!samples.some((count) => count > 0)) await new Promise((resolve) => setTimeout(resolve, 20));
      const [other, check] = await Promise.all([post(otherGroup), health()]);
      const answers = await posts;
      await sampling;
      expect(other.statusCode).toBe(200);
      expect(check.statusCode).toBe(200);
      expect(Math.max(...samples)).toBe(ROOM_TURNS);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
      }
    } finally {
      holder.release();
      await holder.done;
    }
  });

  it('gets the room back once the server ends a holder left idle in its transaction', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const stalled = await openDatabase({
      kind: 'postgres',
      url,
      poolSize: 1,
      searchPath: base.database.schema,
      waits: { idleInTransactionMs: 500 },
    });
    try {
      const holder = holdRoom(stalled, discussionRoom(heldGroup));
      await holder.lockTaken;
      // Within the bound of this loop, the server ends the holder's session and the post goes through.
      const deadline = Date.now() + 15_000;
      let answer = await post(heldGroup);
      while (answer.statusCode !== 200 && Date.now() < deadline) answer = await post(heldGroup);
      expect(answer.statusCode).toBe(200);
      // The thawed holder learns its transaction is gone: a failure the HTTP layer answers with 503.
      holder.release();
      const error = await holder.done.then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await stalled.close();
    }
  });

  it('ends a post frozen while it holds the room after the room bound, whatever its pool allows: nothing lost, doubled or reordered', async () => {
    const room = discussionRoom(heldGroup);
    // The frozen node's post, as the app runs it: its pool lets a transaction idle 60 s, its room hold does not.
    const repository = messagesRepositoryFor(frozen);
    const frozenClientId = `frozen-post-${heldGroup}-${++clientIds}`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: (idleBound: number) => void;
    const lockTaken = new Promise<number>((resolve) => (locked = resolve));
    const frozenPost = repository.roomTransaction(room).execute(async (trx) => {
      await repository.lockRoom(trx, room);
      await repository.insert(trx, {
        room,
        groupId: heldGroup,
        authorId: owner.id,
        clientId: frozenClientId,
        body: 'posted by the frozen node',
      });
      const { rows } = await sql<{ setting: string }>`
        select setting from pg_settings where name = 'idle_in_transaction_session_timeout'`.execute(trx);
      locked(Number(rows[0]?.setting));
      await released;
      await sql`select 1`.execute(trx);
    });
    frozenPost.catch(() => {});
    expect(await lockTaken).toBe(ROOM_IDLE_MS);

    // This node's posts to the room, one after another, each retried with its clientId until stored: the
    // server ends the frozen post's transaction and they go through, long before its pool's 60 s.
    const sent: string[] = [];
    const deadline = Date.now() + 15_000;
    for (let i = 0; i < 5; i++) {
      const clientId = `frozen-after-${heldGroup}-${++clientIds}`;
      const body = { groupProjectId: heldGroup, clientId, text: `after the freeze ${i}` };
      let answer = await call(node.app, 'POST', '/api/messages/add-message', owner.cookie, body);
      while (answer.statusCode !== 200 && Date.now() < deadline) {
        answer = await call(node.app, 'POST', '/api/messages/add-message', owner.cookie, body);
      }
      expect(answer.statusCode, answer.body).toBe(200);
      sent.push(clientId);
    }
    // Thawed, the frozen post learns its transaction was rolled back; its client retries on this node.
    release();
    expect(
      isDatabaseUnavailable(
        await frozenPost.then(
          () => null,
          (reason: unknown) => reason,
        ),
      ),
    ).toBe(true);
    const retried = await call(node.app, 'POST', '/api/messages/add-message', owner.cookie, {
      groupProjectId: heldGroup,
      clientId: frozenClientId,
      text: 'posted by the frozen node',
    });
    expect(retried.statusCode, retried.body).toBe(200);
    sent.push(frozenClientId);

    const stored = await base.database.db
      .selectFrom('messages')
      .select('client_id')
      .where('room', '=', room)
      .where('client_id', 'in', sent)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.client_id)).toEqual(sent);
  });
});
