import type { Message } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupsRepository } from '../src/groups/repository.js';
import { createMessagesRepository } from '../src/messages/repository.js';
import { createMessagesService, type Mention } from '../src/messages/service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { sendMessage } from './support/messages.js';
import { createSignedInUser } from './support/users.js';

/** Editing and deleting board messages, and who a message mentions. */
let t: TestApp;
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let owner: User;
let member: User;
let other: User;
let outsider: User;
let moderator: User;
let publicGroup: number;
let privateGroup: number;

let clientIds = 0;
const send = (user: User, groupProjectId: number, text: string): Promise<Message> =>
  sendMessage(t.app, user, groupProjectId, text);
const edit = (user: User | null, groupProjectId: number, messageId: number, text: string) =>
  call(t.app, 'POST', '/api/messages/edit-message', user?.cookie ?? null, {
    groupProjectId,
    messageId,
    text,
  });
const remove = (user: User | null, groupProjectId: number, messageId: number) =>
  call(t.app, 'POST', '/api/messages/delete-message', user?.cookie ?? null, { groupProjectId, messageId });
const historyOf = async (user: User, groupProjectId: number): Promise<Message[]> =>
  (await call(t.app, 'GET', `/api/messages/history?groupProjectId=${groupProjectId}`, user.cookie)).json()
    .data;
const rowOf = (id: number) =>
  t.database.db
    .selectFrom('messages')
    .select(['body', 'edited_at', 'deleted_at', 'deleted_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function join(user: User, groupProjectId: number, visibility: 'public' | 'private') {
  if (visibility === 'public') {
    await call(t.app, 'POST', '/api/group-projects/join', user.cookie, { groupProjectId });
    return;
  }
  await call(t.app, 'POST', '/api/group-projects/request', user.cookie, { groupProjectId });
  const approved = await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
    groupProjectId,
    requestUsername: user.login,
  });
  expect(approved.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_LOGINS: 'edits-mod' } });
  owner = await createSignedInUser(t.database.db, 'edits-owner');
  member = await createSignedInUser(t.database.db, 'edits-member');
  other = await createSignedInUser(t.database.db, 'edits-other');
  outsider = await createSignedInUser(t.database.db, 'edits-outsider');
  moderator = await createSignedInUser(t.database.db, 'edits-mod');
  publicGroup = await postGroup(t.app, owner.cookie, { visibility: 'public' });
  privateGroup = await postGroup(t.app, owner.cookie, { visibility: 'private' });
  for (const user of [member, other]) {
    await join(user, publicGroup, 'public');
    await join(user, privateGroup, 'private');
  }
});
afterAll(() => t.close());

describe('editing a message', () => {
  it('lets its author change the text: the answer, the history and every reader show it as edited', async () => {
    const sent = await send(member, publicGroup, 'Meet at 5');
    expect(sent.editedAt).toBeUndefined();
    const res = await edit(member, publicGroup, sent.id, '  Meet at 6  ');
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data as Message;
    expect(edited).toMatchObject({ id: sent.id, text: 'Meet at 6', createdAt: sent.createdAt });
    expect(Date.parse(edited.editedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(sent.createdAt));
    const seen = (await historyOf(outsider, publicGroup)).find((message) => message.id === sent.id);
    expect(seen).toEqual(edited);
  });

  it('refuses anyone else, the group owner and moderators included', async () => {
    const sent = await send(member, privateGroup, 'mine');
    expect((await edit(null, privateGroup, sent.id, 'x')).statusCode).toBe(401);
    for (const user of [other, owner, moderator, outsider]) {
      const res = await edit(user, privateGroup, sent.id, 'not yours');
      expect(res.statusCode, user.login).toBe(403);
    }
    expect((await rowOf(sent.id)).body).toBe('mine');
  });

  it('refuses an empty text (400 naming the field), an unknown message (404), a deleted one (409)', async () => {
    const sent = await send(member, publicGroup, 'soon gone');
    const blank = await edit(member, publicGroup, sent.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toMatch(/message|text/i);
    expect((await edit(member, publicGroup, sent.id + 100_000, 'x')).statusCode).toBe(404);
    // Another board's message is not on this one.
    expect((await edit(member, privateGroup, sent.id, 'x')).statusCode).toBe(404);
    expect((await remove(member, publicGroup, sent.id)).statusCode).toBe(200);
    expect((await edit(member, publicGroup, sent.id, 'back again')).statusCode).toBe(409);
    expect((await rowOf(sent.id)).body).toBe('');
  });

  it('tells an outsider of a private board nothing, not even whether a message exists', async () => {
    const sent = await send(member, privateGroup, 'private words');
    const existing = await edit(outsider, privateGroup, sent.id, 'x');
    const missing = await edit(outsider, privateGroup, sent.id + 100_000, 'x');
    expect(existing.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(existing.body).not.toContain('private words');
  });
});

describe('deleting a message', () => {
  it('lets its author delete it: the text is gone from the answer, the history and the database row', async () => {
    const sent = await send(member, privateGroup, 'my secret word is marmalade');
    const res = await remove(member, privateGroup, sent.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: sent.id, text: '', deletedAt: expect.any(String) });
    const seen = (await historyOf(owner, privateGroup)).find((message) => message.id === sent.id);
    expect(seen).toMatchObject({ text: '', deletedAt: expect.any(String) });
    expect(JSON.stringify(await historyOf(owner, privateGroup))).not.toContain('marmalade');
    expect(await rowOf(sent.id)).toMatchObject({ body: '', deleted_by: member.id });
    // Deleting it again changes nothing.
    expect((await remove(member, privateGroup, sent.id)).statusCode).toBe(200);
  });

  it("refuses another member's message to members and outsiders; the owner deletes any", async () => {
    const sent = await send(member, privateGroup, 'from the member');
    expect((await remove(null, privateGroup, sent.id)).statusCode).toBe(401);
    expect((await remove(other, privateGroup, sent.id)).statusCode).toBe(403);
    expect((await remove(outsider, privateGroup, sent.id)).statusCode).toBe(403);
    expect((await rowOf(sent.id)).body).toBe('from the member');
    expect((await remove(owner, privateGroup, sent.id)).statusCode).toBe(200);
    expect(await rowOf(sent.id)).toMatchObject({ body: '', deleted_by: owner.id });
  });

  it('lets a moderator delete any message, even on a hidden group, and logs it in the audit log', async () => {
    const sent = await send(member, privateGroup, 'spam spam');
    await sql`update group_projects set hidden_at = now(), hidden_reason = 'spam' where id = ${privateGroup}`.execute(
      t.database.db,
    );
    try {
      const res = await remove(moderator, privateGroup, sent.id);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await sql`update group_projects set hidden_at = null, hidden_reason = null where id = ${privateGroup}`.execute(
        t.database.db,
      );
    }
    const audit = await call(t.app, 'GET', '/api/admin/audit?page=1', moderator.cookie);
    expect(audit.json().data[0]).toMatchObject({
      actor: moderator.login,
      action: 'message.delete',
      objectType: 'message',
      objectId: String(sent.id),
      details: { groupId: privateGroup, authorId: member.id },
    });
    expect(audit.body).not.toContain('spam spam');
  });

  it('keeps ids, paging and unread counts as they were', async () => {
    const group = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    await join(member, group, 'public');
    const sent = [
      await send(owner, group, 'one'),
      await send(owner, group, 'two'),
      await send(owner, group, 'three'),
    ];
    await remove(owner, group, sent[1]?.id ?? 0);
    const history = await historyOf(member, group);
    expect(history.map((message) => message.id)).toEqual(sent.map((message) => message.id).reverse());
    const unread = (await call(t.app, 'GET', '/api/messages/unread', member.cookie)).json().data;
    expect(unread).toContainEqual({ groupProjectId: group, unreadCount: 3, latestMessageId: sent[2]?.id });
  });
});

describe('a hidden group’s board', () => {
  it('refuses edits and deletions by its owner and members, as it refuses posts', async () => {
    const group = await postGroup(t.app, owner.cookie, { visibility: 'public' });
    await join(member, group, 'public');
    const own = await send(owner, group, 'owner words');
    const members = await send(member, group, 'member words');
    await sql`update group_projects set hidden_at = now(), hidden_reason = 'spam' where id = ${group}`.execute(
      t.database.db,
    );
    expect((await edit(owner, group, own.id, 'changed')).statusCode).toBe(403);
    expect((await remove(owner, group, members.id)).statusCode).toBe(403);
    expect((await edit(member, group, members.id, 'changed')).statusCode).toBe(403);
    expect((await remove(member, group, members.id)).statusCode).toBe(403);
    expect((await rowOf(members.id)).body).toBe('member words');
  });
});

describe('mentions', () => {
  const mentions: Mention[] = [];
  const service = () =>
    createMessagesService(
      createMessagesRepository(t.database.db),
      createGroupsRepository(t.database.db).loadAccess,
      { publishOnCommit: async () => () => undefined },
      { onMention: (mention) => mentions.push(mention) },
    );
  const author = () => ({ id: member.id, login: member.login, avatarUrl: null });

  it('on a private board, names only members (never the author), whatever the case of the login', async () => {
    mentions.length = 0;
    const text = `@${owner.login.toUpperCase()} and @${other.login}, not @${outsider.login} nor @${member.login} nor @nobody-here`;
    const message = await service().add(author(), {
      groupProjectId: privateGroup,
      clientId: `mention-${++clientIds}-private`,
      text,
    });
    expect(mentions).toEqual([{ message, userIds: [owner.id, other.id].sort((a, b) => a - b) }]);
  });

  it('on a public board, names anyone signed up (they can all read it); an email address mentions nobody', async () => {
    mentions.length = 0;
    await service().add(author(), {
      groupProjectId: publicGroup,
      clientId: `mention-${++clientIds}-public`,
      text: `hey @${outsider.login}, mail me at someone@${owner.login}.dev`,
    });
    expect(mentions.map((mention) => mention.userIds)).toEqual([[outsider.id]]);
  });

  it('on an edit, names only those newly mentioned; a message mentioning nobody calls nobody', async () => {
    mentions.length = 0;
    const message = await service().add(author(), {
      groupProjectId: publicGroup,
      clientId: `mention-${++clientIds}-edit`,
      text: 'no one yet',
    });
    expect(mentions).toEqual([]);
    await service().edit(author(), {
      groupProjectId: publicGroup,
      messageId: message.id,
      text: `@${owner.login}`,
    });
    await service().edit(author(), {
      groupProjectId: publicGroup,
      messageId: message.id,
      text: `@${owner.login} @${other.login}`,
    });
    expect(mentions.map((mention) => mention.userIds)).toEqual([[owner.id], [other.id]]);
  });

  it('tells each person once per message: edits that keep, drop, restore or re-case a mention tell no one again', async () => {
    mentions.length = 0;
    const message = await service().add(author(), {
      groupProjectId: privateGroup,
      clientId: `mention-${++clientIds}-once`,
      text: `@${owner.login} can you look?`,
    });
    for (const text of [
      `@${owner.login} can you look at this?`,
      'never mind',
      `@${owner.login.toUpperCase()} after all, can you look?`,
      `@${owner.login} and @${other.login}, can you look?`,
      `@${other.login} only`,
      `@${owner.login} and @${other.login} once more`,
    ]) {
      await service().edit(author(), { groupProjectId: privateGroup, messageId: message.id, text });
    }
    expect(mentions.map((mention) => mention.userIds)).toEqual([[owner.id], [other.id]]);
  });

  it('one mention and three edits: the person mentioned finds one notification for the message', async () => {
    const mentionsOn = async (groupProjectId: number) => {
      const res = await call(t.app, 'GET', '/api/notifications', other.cookie);
      const inbox = res.json().data as { kind: string; groupProjectId: number | null }[];
      return inbox.filter((n) => n.kind === 'mentioned' && n.groupProjectId === groupProjectId).length;
    };
    const before = await mentionsOn(publicGroup);
    const sent = await send(member, publicGroup, `@${other.login} the plan is ready`);
    await expect.poll(() => mentionsOn(publicGroup)).toBe(before + 1);
    for (const text of [
      'the plan is ready',
      `@${other.login} the plan is ready!`,
      `@${other.login} plan v2`,
    ]) {
      expect((await edit(member, publicGroup, sent.id, text)).statusCode).toBe(200);
    }
    // A later message's notification is recorded after any the edits would have caused: then count.
    const laterBefore = await mentionsOn(privateGroup);
    await send(member, privateGroup, `@${other.login} a new message elsewhere`);
    await expect.poll(() => mentionsOn(privateGroup)).toBe(laterBefore + 1);
    expect(await mentionsOn(publicGroup)).toBe(before + 1);
  });
});
