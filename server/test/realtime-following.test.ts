// Following a board over the realtime channel: who may, what arrives, in which order, and what does not.
import { discussionRoom } from '@openlfg/contracts';
import { describe, expect, it } from 'vitest';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

import { useRealtimeWorld } from './support/realtime-world.js';

const rt = useRealtimeWorld();

describe('following a board', () => {
  it('checks the policy at subscribe: private boards for members only, public boards for everyone', async () => {
    const privateGroup = await rt.privateGroupWithMember();
    const publicGroup = await postGroup(rt.t.app, rt.owner.cookie, { visibility: 'public' });
    expect(await rt.subscribe(await rt.connect(rt.member), privateGroup)).toBe('subscribed');
    expect(await rt.subscribe(await rt.connect(rt.owner), privateGroup)).toBe('subscribed');
    expect(await rt.subscribe(await rt.connect(rt.outsider), privateGroup)).toBe('forbidden');
    expect(await rt.subscribe(await rt.connect(null), privateGroup)).toBe('forbidden');
    expect(await rt.subscribe(await rt.connect(null), publicGroup)).toBe('subscribed');
    expect(await rt.subscribe(await rt.connect(null), 987_654)).toBe('not-found');
  });

  it('delivers each new message live to every subscriber, the sender included, once and in order', async () => {
    const groupId = await rt.privateGroupWithMember();
    const memberSocket = await rt.connect(rt.member);
    const ownerSocket = await rt.connect(rt.owner);
    await rt.subscribe(memberSocket, groupId);
    await rt.subscribe(ownerSocket, groupId);
    // Concurrent senders: the room lock keeps ids in commit order, so delivery order is id order.
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => rt.send(i % 2 ? rt.owner : rt.member, groupId, `live ${i}`)),
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
    const groupId = await rt.privateGroupWithMember();
    const before = [];
    for (let i = 1; i <= 5; i++) before.push(await rt.send(rt.owner, groupId, `m${i}`));
    const socket = await rt.connect(rt.member);
    expect(await rt.subscribe(socket, groupId, before[1]?.id)).toBe('subscribed');
    await socket.next('message', (frame) => frame.message.text === 'm5');
    await rt.send(rt.owner, groupId, 'm6');
    await socket.next('message', (frame) => frame.message.text === 'm6');
    // A later message comes after any repeat of these in the room's order.
    await rt.send(rt.owner, groupId, 'm7');
    await socket.next('message', (frame) => frame.message.text === 'm7');
    expect(rt.texts(socket, groupId)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
  });

  it('gives a subscriber who joins during a burst every message after its last id, exactly once', async () => {
    const groupId = await rt.privateGroupWithMember();
    const start = await rt.send(rt.owner, groupId, 'before the burst');
    const burst = Promise.all(Array.from({ length: 30 }, (_, i) => rt.send(rt.owner, groupId, `burst ${i}`)));
    const socket = await rt.connect(rt.member);
    await rt.subscribe(socket, groupId, start.id);
    const sent = (await burst).map((message) => message.id).sort((a, b) => a - b);
    await socket.next('message', (frame) => frame.message.id === sent.at(-1));
    const after = await rt.send(rt.owner, groupId, 'after the burst');
    await socket.next('message', (frame) => frame.message.id === after.id);
    const received = socket.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message.id] : []));
    expect(received).toEqual([...sent, after.id]);
  });

  it('without a last id, sends only what comes after subscribing', async () => {
    const groupId = await rt.privateGroupWithMember();
    await rt.send(rt.owner, groupId, 'old');
    const socket = await rt.connect(rt.member);
    await rt.subscribe(socket, groupId);
    await rt.send(rt.owner, groupId, 'new');
    await socket.next('message', (frame) => frame.message.text === 'new');
    expect(rt.texts(socket, groupId)).toEqual(['new']);
  });

  it('pushes an edit and a deletion to every subscriber, as the message now stands; new ids are untouched', async () => {
    const groupId = await rt.privateGroupWithMember();
    const sent = await rt.send(rt.member, groupId, 'first try');
    const memberSocket = await rt.connect(rt.member);
    const ownerSocket = await rt.connect(rt.owner);
    await rt.subscribe(memberSocket, groupId, sent.id);
    await rt.subscribe(ownerSocket, groupId, sent.id);
    const edit = await call(rt.t.app, 'POST', '/api/messages/edit-message', rt.member.cookie, {
      groupProjectId: groupId,
      messageId: sent.id,
      text: 'second try',
    });
    expect(edit.statusCode).toBe(200);
    for (const socket of [memberSocket, ownerSocket]) {
      const frame = await socket.next('message-changed');
      expect(frame.message).toMatchObject({ id: sent.id, text: 'second try', editedAt: expect.any(String) });
    }
    await call(rt.t.app, 'POST', '/api/messages/delete-message', rt.owner.cookie, {
      groupProjectId: groupId,
      messageId: sent.id,
    });
    for (const socket of [memberSocket, ownerSocket]) {
      const frame = await socket.next('message-changed');
      expect(frame.message).toMatchObject({ id: sent.id, text: '', deletedAt: expect.any(String) });
    }
    // A change is no new message: the next one arrives once, and nothing was replayed as new.
    await rt.send(rt.owner, groupId, 'after');
    await memberSocket.next('message', (frame) => frame.message.text === 'after');
    expect(rt.texts(memberSocket, groupId)).toEqual(['after']);
  });

  it('gives a subscriber back after a lost socket the edits and deletions it missed, when it asks', async () => {
    const groupId = await rt.privateGroupWithMember();
    const kept = await rt.send(rt.owner, groupId, 'will be edited');
    const gone = await rt.send(rt.owner, groupId, 'will be deleted');
    const first = await rt.connect(rt.member);
    first.send({ type: 'subscribe', room: discussionRoom(groupId), afterId: gone.id });
    const { at } = await first.next('subscribed');
    expect(at).toEqual(expect.any(Number));
    first.close();
    await first.closed;
    // A witness in the room sees the changes live: once it has, the node has handed them out (on PostgreSQL
    // they come through NOTIFY, after the HTTP answers), and a socket that subscribes later gets them only by
    // asking.
    const witness = await rt.connect(rt.owner);
    expect(await rt.subscribe(witness, groupId, gone.id)).toBe('subscribed');
    // While the member is away.
    await call(rt.t.app, 'POST', '/api/messages/edit-message', rt.owner.cookie, {
      groupProjectId: groupId,
      messageId: kept.id,
      text: 'edited while away',
    });
    await call(rt.t.app, 'POST', '/api/messages/delete-message', rt.owner.cookie, {
      groupProjectId: groupId,
      messageId: gone.id,
    });
    await witness.next('message-changed', (frame) => frame.message.id === kept.id);
    await witness.next('message-changed', (frame) => frame.message.id === gone.id);

    // Resubscribing without changedSince brings nothing (no new message)...
    const plain = await rt.connect(rt.member);
    expect(await rt.subscribe(plain, groupId, gone.id)).toBe('subscribed');
    // Changes are sent before the replay: a new message, once in, comes after any of them.
    const later = await rt.send(rt.owner, groupId, 'later');
    await plain.next('message', (frame) => frame.message.id === later.id);
    expect(plain.frames.filter((frame) => frame.type === 'message-changed')).toEqual([]);
    // ...with it, both changes, as the messages now stand.
    const resumed = await rt.connect(rt.member);
    resumed.send({ type: 'subscribe', room: discussionRoom(groupId), afterId: gone.id, changedSince: at });
    const changes = [await resumed.next('message-changed'), await resumed.next('message-changed')];
    expect(changes.map((frame) => [frame.message.id, frame.message.text])).toEqual([
      [kept.id, 'edited while away'],
      [gone.id, ''],
    ]);
  });

  it('stops delivering to a member who leaves, at once', async () => {
    const groupId = await rt.privateGroupWithMember();
    const socket = await rt.connect(rt.member);
    await rt.subscribe(socket, groupId);
    const witness = await rt.connect(rt.owner);
    await rt.subscribe(witness, groupId);
    await rt.send(rt.owner, groupId, 'while a member');
    await socket.next('message', (frame) => frame.message.text === 'while a member');
    const left = await call(rt.t.app, 'DELETE', '/api/group-projects/leave', rt.member.cookie, {
      groupProjectId: groupId,
    });
    expect(left.statusCode).toBe(200);
    expect(await socket.next('room-closed')).toEqual({
      type: 'room-closed',
      room: discussionRoom(groupId),
      reason: 'forbidden',
    });
    await rt.send(rt.owner, groupId, 'after leaving');
    // The room's subscribers are sent a message together: once the owner has it, so would the member have.
    await witness.next('message', (frame) => frame.message.text === 'after leaving');
    await rt.roundTrip(socket);
    expect(rt.texts(socket, groupId)).toEqual(['while a member']);
    // Subscribing again is refused: the policy is checked every time.
    expect(await rt.subscribe(socket, groupId)).toBe('forbidden');
  });

  it('stops delivering to a member the owner removes, at once', async () => {
    const groupId = await rt.privateGroupWithMember();
    const socket = await rt.connect(rt.member);
    await rt.subscribe(socket, groupId);
    const witness = await rt.connect(rt.owner);
    await rt.subscribe(witness, groupId);
    const removed = await call(rt.t.app, 'POST', '/api/group-projects/remove-member', rt.owner.cookie, {
      groupProjectId: groupId,
      memberUsername: rt.member.login,
    });
    expect(removed.statusCode).toBe(200);
    expect((await socket.next('room-closed')).reason).toBe('forbidden');
    await rt.send(rt.owner, groupId, 'after the removal');
    await witness.next('message', (frame) => frame.message.text === 'after the removal');
    await rt.roundTrip(socket);
    expect(rt.texts(socket, groupId)).toEqual([]);
    expect(await rt.subscribe(socket, groupId)).toBe('forbidden');
  });

  it('closes the room for everyone when the group is deleted', async () => {
    const groupId = await rt.privateGroupWithMember();
    const socket = await rt.connect(rt.member);
    await rt.subscribe(socket, groupId);
    await call(rt.t.app, 'DELETE', '/api/group-projects/delete-project', rt.owner.cookie, {
      groupProjectId: groupId,
    });
    expect((await socket.next('room-closed')).reason).toBe('not-found');
  });

  it('closes the room to members but not to the owner when a moderator hides the group, until restored', async () => {
    const groupId = await rt.privateGroupWithMember();
    const memberSocket = await rt.connect(rt.member);
    const ownerSocket = await rt.connect(rt.owner);
    await rt.subscribe(memberSocket, groupId);
    await rt.subscribe(ownerSocket, groupId);
    const moderator = await createSignedInUser(rt.t.database.db, 'rt-moderator');
    await call(rt.t.app, 'POST', '/api/group-projects/report', rt.outsider.cookie, {
      groupProjectId: groupId,
      reason: 'spam',
    });
    const hidden = await call(rt.t.app, 'POST', `/api/admin/reports/${groupId}/hide`, moderator.cookie, {
      reason: 'Spam',
    });
    expect(hidden.statusCode).toBe(200);
    expect((await memberSocket.next('room-closed')).reason).toBe('forbidden');
    // Nobody posts on a hidden group's board, its owner included; the owner's room stays open, and once a
    // moderator restores the group what is posted reaches it.
    await expect(rt.send(rt.owner, groupId, 'refused while hidden')).rejects.toThrow(/sending failed: 403/);
    const restored = await call(
      rt.t.app,
      'POST',
      `/api/admin/hidden-groups/${groupId}/restore`,
      moderator.cookie,
      {
        reason: 'Fixed',
      },
    );
    expect(restored.statusCode).toBe(200);
    await rt.send(rt.owner, groupId, 'the owner still sees the board');
    await ownerSocket.next('message', (frame) => frame.message.text === 'the owner still sees the board');
    expect(ownerSocket.frames.some((frame) => frame.type === 'room-closed')).toBe(false);
  });
});
