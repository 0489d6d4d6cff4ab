import { discussionRoom, MESSAGE_MAX_LENGTH, MessageHistoryResponse } from '@openlfg/contracts';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let owner: User;
let member: User;
let outsider: User;
let publicGroup: number;
let privateGroup: number;

let clientIds = 0;
const nextClientId = () => `client-${Date.now()}-${++clientIds}`;

const send = (user: User | null, groupProjectId: number, text: string, clientId = nextClientId()) =>
  call(t.app, 'POST', '/api/messages/add-message', user?.cookie ?? null, { groupProjectId, clientId, text });
const history = (user: User | null, query: string) =>
  call(t.app, 'GET', `/api/messages/history?${query}`, user?.cookie ?? null);
const unread = (user: User) => call(t.app, 'GET', '/api/messages/unread', user.cookie);
const markRead = (user: User, groupProjectId: number, messageId: number) =>
  call(t.app, 'POST', '/api/messages/latest-message', user.cookie, { groupProjectId, messageId });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t.database.db, 'msg-owner');
  member = await createSignedInUser(t.database.db, 'msg-member');
  outsider = await createSignedInUser(t.database.db, 'msg-outsider');
  publicGroup = await postGroup(t.app, owner.cookie, { visibility: 'public' });
  privateGroup = await postGroup(t.app, owner.cookie, { visibility: 'private' });
  expect(
    (await call(t.app, 'POST', '/api/group-projects/join', member.cookie, { groupProjectId: publicGroup }))
      .statusCode,
  ).toBe(200);
  await call(t.app, 'POST', '/api/group-projects/request', member.cookie, { groupProjectId: privateGroup });
  const approved = await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
    groupProjectId: privateGroup,
    requestUsername: member.login,
  });
  expect(approved.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('posting a message', () => {
  it('stores the trimmed text and answers the stored message with its author', async () => {
    const clientId = nextClientId();
    const res = await send(member, publicGroup, '  Hello, board!  ', clientId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      room: discussionRoom(publicGroup),
      groupProjectId: publicGroup,
      text: 'Hello, board!',
      clientId,
      author: { id: member.id, login: member.login, avatarUrl: null },
    });
    expect(Date.parse(res.json().data.createdAt)).not.toBeNaN();
  });

  it('stores a message once however often the same client id is sent', async () => {
    const clientId = nextClientId();
    const answers = await Promise.all([1, 2, 3].map(() => send(member, publicGroup, 'only once', clientId)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((res) => res.json().data.id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db
      .selectFrom('messages')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a client id reused for a different message', async () => {
    const clientId = nextClientId();
    expect((await send(member, publicGroup, 'first', clientId)).statusCode).toBe(200);
    const res = await send(member, publicGroup, 'something else', clientId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
  });

  it('lets only members post: 401 anonymous, 403 outsiders, 404 no group', async () => {
    expect((await send(null, publicGroup, 'hi')).statusCode).toBe(401);
    const outsiderRes = await send(outsider, publicGroup, 'hi');
    expect(outsiderRes.statusCode).toBe(403);
    expect(outsiderRes.json().error.code).toBe('FORBIDDEN');
    expect((await send(outsider, privateGroup, 'hi')).statusCode).toBe(403);
    expect((await send(owner, 987_654, 'hi')).statusCode).toBe(404);
    expect((await send(owner, privateGroup, 'owners post too')).statusCode).toBe(200);
  });

  it('refuses blank, too long and malformed messages with a 400 naming the problem', async () => {
    expect((await send(member, publicGroup, '   \n  ')).json().error.message).toMatch(
      /message cannot be blank/,
    );
    const long = await send(member, publicGroup, 'x'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/text/);
    const badId = await send(member, publicGroup, 'hi', 'no spaces allowed');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toMatch(/clientId/);
    const extra = await call(t.app, 'POST', '/api/messages/add-message', member.cookie, {
      groupProjectId: publicGroup,
      clientId: nextClientId(),
      text: 'hi',
      authorId: owner.id,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('keeps markup as plain text, exactly as sent', async () => {
    const text = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const res = await send(member, publicGroup, text);
    expect(res.json().data.text).toBe(text);
  });
});

describe('reading history', () => {
  let group: number;
  let ids: number[];

  beforeAll(async () => {
    group = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    ids = [];
    for (let i = 1; i <= 7; i++) ids.push((await send(owner, group, `message ${i}`)).json().data.id);
  });

  it('answers the newest first and pages to older ones by id', async () => {
    const first = await history(null, `groupProjectId=${group}&limit=3`);
    expect(first.statusCode).toBe(200);
    expect(Value.Check(MessageHistoryResponse, first.json())).toBe(true);
    expect(first.json().data.map((m: { text: string }) => m.text)).toEqual([
      'message 7',
      'message 6',
      'message 5',
    ]);
    expect(first.json().hasOlder).toBe(true);
    const oldest = first.json().data.at(-1).id;
    const second = await history(null, `groupProjectId=${group}&limit=3&before=${oldest}`);
    expect(second.json().data.map((m: { text: string }) => m.text)).toEqual([
      'message 4',
      'message 3',
      'message 2',
    ]);
    const last = await history(
      null,
      `groupProjectId=${group}&limit=3&before=${second.json().data.at(-1).id}`,
    );
    expect(last.json()).toMatchObject({ data: [{ text: 'message 1' }], hasOlder: false });
  });

  it('ids rise in the order messages were posted', () => {
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('shows a private board to members only', async () => {
    expect((await history(member, `groupProjectId=${privateGroup}`)).statusCode).toBe(200);
    expect((await history(owner, `groupProjectId=${privateGroup}`)).statusCode).toBe(200);
    const outsiderRes = await history(outsider, `groupProjectId=${privateGroup}`);
    expect(outsiderRes.statusCode).toBe(403);
    expect(outsiderRes.json().error.code).toBe('FORBIDDEN');
    expect((await history(null, `groupProjectId=${privateGroup}`)).statusCode).toBe(401);
    expect((await history(null, 'groupProjectId=987654')).statusCode).toBe(404);
    expect((await history(null, 'groupProjectId=abc')).statusCode).toBe(400);
  });
});

describe('unread counts', () => {
  it('counts others’ messages after the read mark, and drops to zero once read', async () => {
    const group = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    await call(t.app, 'POST', '/api/group-projects/join', member.cookie, { groupProjectId: group });
    const countFor = async (user: User) =>
      (
        (await unread(user)).json().data as {
          groupProjectId: number;
          unreadCount: number;
          latestMessageId: number | null;
        }[]
      ).find((row) => row.groupProjectId === group);
    expect(await countFor(member)).toEqual({ groupProjectId: group, unreadCount: 0, latestMessageId: null });
    await send(owner, group, 'one');
    const second = (await send(owner, group, 'two')).json().data.id;
    await send(member, group, 'my own message does not count');
    expect((await countFor(member))?.unreadCount).toBe(2);
    expect((await countFor(owner))?.unreadCount).toBe(1);

    const marked = await markRead(member, group, second);
    expect(marked.json()).toEqual({ data: { groupProjectId: group, lastReadMessageId: second } });
    expect((await countFor(member))?.unreadCount).toBe(0);
    // An older tab reporting an older message never moves the mark back.
    const first = (await history(member, `groupProjectId=${group}`)).json().data.at(-1).id;
    expect((await markRead(member, group, first)).json().data.lastReadMessageId).toBe(second);
    expect(await countFor(outsider)).toBeUndefined();
  });

  it('refuses a read mark from a non-member or on another board’s message', async () => {
    const group = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    const id = (await send(owner, group, 'hello')).json().data.id;
    expect((await markRead(outsider, group, id)).statusCode).toBe(403);
    expect((await markRead(owner, publicGroup, id)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/messages/unread', null)).statusCode).toBe(401);
  });
});

describe('deleting a group', () => {
  it('deletes its board’s messages with it', async () => {
    const group = await postGroup(t.app, owner.cookie);
    await send(owner, group, 'soon gone');
    const deleted = await call(t.app, 'DELETE', '/api/group-projects/delete-project', owner.cookie, {
      groupProjectId: group,
    });
    expect(deleted.statusCode).toBe(204);
    const left = await t.database.db
      .selectFrom('messages')
      .select('id')
      .where('room', '=', discussionRoom(group))
      .execute();
    expect(left).toEqual([]);
    expect((await history(owner, `groupProjectId=${group}`)).statusCode).toBe(404);
  });

  it('leaves no message behind when members post while the owner deletes it', async () => {
    // On PostgreSQL the posts and the deletion really race (each on its own pool connection); on PGlite they
    // run one after another in some order. Either way a post is stored before the deletion and deleted with
    // it, or refused after it: none is answered 200 and then survives the group.
    const posters = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createSignedInUser(t.database.db, `racer-${Date.now()}-${i}`)),
    );
    for (let round = 0; round < 5; round++) {
      const group = await postGroup(t.app, owner.cookie, { visibility: 'public' });
      for (const poster of posters) {
        await call(t.app, 'POST', '/api/group-projects/join', poster.cookie, { groupProjectId: group });
      }
      const posts = posters.flatMap((poster) => [send(poster, group, 'one'), send(poster, group, 'two')]);
      const deletion = call(t.app, 'DELETE', '/api/group-projects/delete-project', owner.cookie, {
        groupProjectId: group,
      });
      const answers = await Promise.all([...posts, deletion]);
      expect((await deletion).statusCode).toBe(204);
      for (const answer of answers.slice(0, -1)) expect([200, 403, 404]).toContain(answer.statusCode);
      const left = await t.database.db
        .selectFrom('messages')
        .select('id')
        .where('group_id', '=', group)
        .execute();
      expect(left).toEqual([]);
    }
  });

  it('refuses, in the database itself, a message whose group does not exist', async () => {
    await expect(
      t.database.db
        .insertInto('messages')
        .values({ room: 'discussion-board-999999', group_id: 999_999, client_id: 'orphan-1', body: 'x' })
        .execute(),
    ).rejects.toMatchObject({ code: '23503' });
  });
});
