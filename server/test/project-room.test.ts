import { projectRoom, type Message } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call } from './support/groups.js';
import { addProject } from './support/issues.js';
import { listenForSockets, openSocket, type TestSocket } from './support/realtime.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
let url: string;
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let alice: User;
let bob: User;
let moderator: User;
let projectId: number;
let otherProjectId: number;
const sockets: TestSocket[] = [];

let clientIds = 0;
const nextClientId = () => `room-post-${++clientIds}`;

const post = (user: User | null, text: string, id = projectId, clientId = nextClientId()) =>
  call(t.app, 'POST', '/api/project-rooms/add-message', user?.cookie ?? null, {
    projectId: id,
    clientId,
    text,
  });
const history = (user: User | null, query: string) =>
  call(t.app, 'GET', `/api/project-rooms/history?${query}`, user?.cookie ?? null);
const edit = (user: User, messageId: number, text: string, id = projectId) =>
  call(t.app, 'POST', '/api/project-rooms/edit-message', user.cookie, { projectId: id, messageId, text });
const remove = (user: User, messageId: number, id = projectId) =>
  call(t.app, 'POST', '/api/project-rooms/delete-message', user.cookie, { projectId: id, messageId });
const notificationsOf = async (user: User) =>
  (await call(t.app, 'GET', '/api/notifications', user.cookie)).json().data as {
    kind: string;
    subject: string;
    messageId?: number;
    actor: { login: string } | null;
  }[];

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_LOGINS: 'room-mod' }, realtime: { heartbeatMs: 60_000 } });
  url = await listenForSockets(t.app);
  alice = await createSignedInUser(t.database.db, 'room-alice');
  bob = await createSignedInUser(t.database.db, 'room-bob');
  moderator = await createSignedInUser(t.database.db, 'room-mod');
  projectId = await addProject(t.database.db, 'room-owner/room-project');
  otherProjectId = await addProject(t.database.db, 'room-owner/other-project');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

describe("a project's room", () => {
  it('takes a signed-in post and answers it as a message of the project’s room', async () => {
    const res = await post(alice, '  Hello, project!  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      room: projectRoom(projectId),
      projectId,
      text: 'Hello, project!',
      author: { login: alice.login },
    });
    expect(res.json().data.groupProjectId).toBeUndefined();
  });

  it('is read by anyone, anonymous included, newest first; another project’s room is apart', async () => {
    await post(bob, 'second in the room');
    await post(bob, 'in the other room', otherProjectId);
    const anonymous = await history(null, `projectId=${projectId}`);
    expect(anonymous.statusCode).toBe(200);
    const texts = anonymous.json().data.map((message: Message) => message.text);
    expect(texts.slice(0, 2)).toEqual(['second in the room', 'Hello, project!']);
    expect(texts).not.toContain('in the other room');
    const paged = await history(null, `projectId=${projectId}&limit=1`);
    expect(paged.json()).toMatchObject({ hasOlder: true, data: [{ text: 'second in the room' }] });
  });

  it('refuses anonymous posts (401), an unknown project (404) and bad input (400)', async () => {
    expect((await post(null, 'hi')).statusCode).toBe(401);
    expect((await post(alice, 'hi', 987_654)).statusCode).toBe(404);
    expect((await history(null, 'projectId=987654')).statusCode).toBe(404);
    expect((await post(alice, '   ')).statusCode).toBe(400);
    expect((await history(null, 'projectId=abc')).statusCode).toBe(400);
  });

  it('lets authors edit and delete their own messages, and nobody else but a moderator delete', async () => {
    const mine = (await post(alice, 'my words')).json().data as Message;
    expect((await edit(bob, mine.id, 'not yours')).statusCode).toBe(403);
    expect((await remove(bob, mine.id)).statusCode).toBe(403);
    const edited = await edit(alice, mine.id, 'my better words');
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ text: 'my better words', editedAt: expect.any(String) });
    // The message belongs to this room: asked through another project's room, it is not there.
    expect((await remove(alice, mine.id, otherProjectId)).statusCode).toBe(404);
    const bobs = (await post(bob, 'moderate me')).json().data as Message;
    const deleted = await remove(moderator, bobs.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({ text: '', deletedAt: expect.any(String) });
    expect((await remove(alice, mine.id)).json().data.deletedAt).toEqual(expect.any(String));
  });

  it('tells a mentioned signed-up user, with a link to the message, and never the author', async () => {
    const message = (await post(alice, `@${bob.login} can you look? cc @${alice.login}`)).json()
      .data as Message;
    // The mention is told after the post's commit: wait for its row, never for time.
    await expect
      .poll(async () => (await notificationsOf(bob)).find((n) => n.messageId === message.id), {
        timeout: 10_000,
      })
      .toMatchObject({
        kind: 'room-mentioned',
        subject: 'room-owner/room-project',
        actor: { login: alice.login },
      });
    expect((await notificationsOf(alice)).some((n) => n.messageId === message.id)).toBe(false);
  });

  it('shows a post live on another connection, anonymous readers included', async () => {
    const reader = await openSocket(url, { cookie: null });
    sockets.push(reader);
    await reader.next('ready');
    reader.send({ type: 'subscribe', room: projectRoom(projectId) });
    await reader.next('subscribed');
    const sent = (await post(bob, 'live in the room')).json().data as Message;
    const frame = await reader.next('message', (candidate) => candidate.message.id === sent.id);
    expect(frame.message).toMatchObject({
      text: 'live in the room',
      projectId,
      author: { login: bob.login },
    });
  });

  it('closes a subscription to a project that does not exist', async () => {
    const reader = await openSocket(url, { cookie: alice.cookie });
    sockets.push(reader);
    await reader.next('ready');
    reader.send({ type: 'subscribe', room: projectRoom(987_654) });
    expect((await reader.next('room-closed')).reason).toBe('not-found');
  });

  it('closes live for its readers when a moderator removes the project from the catalogue', async () => {
    const doomed = await addProject(t.database.db, 'room-owner/doomed-project');
    const reader = await openSocket(url, { cookie: bob.cookie });
    sockets.push(reader);
    await reader.next('ready');
    reader.send({ type: 'subscribe', room: projectRoom(doomed) });
    await reader.next('subscribed');
    const removed = await call(t.app, 'DELETE', `/api/admin/projects/${doomed}`, moderator.cookie, {
      reason: 'Not open source',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await reader.next('room-closed')).toEqual({
      type: 'room-closed',
      room: projectRoom(doomed),
      reason: 'not-found',
    });
  });
});
