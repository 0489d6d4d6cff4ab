// A group's own fields over its life: posting it, editing it, deleting it.
import {
  discussionRoom,
  GROUP_INPUT_MESSAGES,
  notATopicMessage,
  type GroupListResponse,
  type GroupProject,
} from '@openlfg/contracts';
import { describe, expect, it } from 'vitest';
import { call, groupFields, postGroup, useGroupsWorld } from './support/groups.js';

const g = useGroupsWorld();

const list = (body: Record<string, unknown>) => call(g.t.app, 'POST', '/api/group-projects', null, body);
const post = (cookie: string, body: Record<string, unknown>) =>
  call(g.t.app, 'POST', '/api/group-projects/post-project', cookie, {
    title: 'Build a game',
    description: 'A small game in Rust.',
    topics: ['rust'],
    skillLevel: 'Beginner',
    visibility: 'public',
    ...body,
  });
describe('posting a group project', () => {
  it('creates the group with its creator as owner and first member, and normalises its fields', async () => {
    const res = await post(g.owner.cookie, {
      title: '  Rust game jam  ',
      topics: ['Game Dev', 'rust', 'RUST'],
      repository: 'https://github.com/grp-owner/jam.git',
      discordUrl: 'https://discord.com/invite/Jam42',
      maxMembers: 4,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Rust game jam',
      topics: ['gamedev', 'rust'],
      repoExt: 'grp-owner/jam',
      skillLevel: 'Beginner',
      visibility: 'public',
      maxMembers: 4,
      memberCount: 1,
      saves: 0,
      owner: { login: 'grp-owner' },
    });
    // Lists never carry the Discord link; members see it in discussion-info.
    expect(res.body).not.toContain('discord');
    const info = await call(g.t.app, 'POST', '/api/group-projects/discussion-info', g.owner.cookie, {
      groupProjectId: res.json().groupProjectId,
    });
    expect(info.json().data).toMatchObject({
      discordUrl: 'https://discord.gg/Jam42',
      viewer: { role: 'owner', may: { readDiscussion: true, post: true, delete: true, leave: false } },
      room: discussionRoom(res.json().groupProjectId),
      members: [{ login: 'grp-owner', role: 'owner' }],
    });
  });

  it.each([
    [{ title: '   ' }, 'The title cannot be blank.'],
    [{ title: 'x'.repeat(101) }, 'body.title must NOT have more than 100 characters'],
    [{ description: 'x'.repeat(5001) }, 'body.description must NOT have more than 5000 characters'],
    [{ topics: [] }, 'body.topics must NOT have fewer than 1 items'],
    [{ topics: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'body.topics must NOT have more than 5 items'],
    [{ topics: ['¿?'] }, '"¿?" is not a topic'],
    [{ skillLevel: 'Expert' }, 'body.skillLevel'],
    [{ visibility: 'secret' }, 'body.visibility'],
    [{ discordUrl: 'https://example.com/chat' }, 'The Discord link must be an invite link'],
    [{ discordUrl: 'http://discord.gg/abc123' }, 'The Discord link must be an invite link'],
    [{ repository: 'https://gitlab.com/a/b' }, 'The repository must be a GitHub repository'],
    [{ maxMembers: 1 }, 'body.maxMembers'],
  ])('refuses %o with a 400 saying why', async (body, message) => {
    const res = await post(g.owner.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('takes Discord vanity invites with hyphens and underscores, as the posting form does', async () => {
    for (const [typed, stored] of [
      ['https://discord.gg/a_b', 'https://discord.gg/a_b'],
      ['https://www.discord.com/invite/rust-lang_fr/', 'https://discord.gg/rust-lang_fr'],
    ]) {
      const res = await post(g.owner.cookie, { discordUrl: typed });
      expect(res.statusCode, res.body).toBe(201);
      const info = await call(g.t.app, 'POST', '/api/group-projects/discussion-info', g.owner.cookie, {
        groupProjectId: res.json().groupProjectId,
      });
      expect(info.json().data.discordUrl).toBe(stored);
    }
  });

  it('normalises topics the way the posting form shows them as chips', async () => {
    const res = await post(g.owner.cookie, { topics: ['  Machine_Learning ', 'Web  Dev', 'web-dev', 'C'] });
    expect(res.json().topics).toEqual(['machine-learning', 'web-dev', 'c']);
  });

  it('stores each topic under its canonical name, aliases merged in the order typed', async () => {
    const res = await post(g.owner.cookie, { topics: ['ReactJS', 'C++', 'react.js', 'Golang', 'node.js'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().topics).toEqual(['react', 'cpp', 'go', 'nodejs']);
    // A filter by any alias finds it.
    const found = await list({
      sortField: 'date_posted',
      order: 'DESC',
      page: 1,
      topics: ['reactjs', 'golang'],
    });
    expect(found.json().data.map((g: GroupProject) => g.groupProjectId)).toContain(res.json().groupProjectId);
  });

  it.each([
    [{ discordUrl: 'https://discord.gg/a+b' }, GROUP_INPUT_MESSAGES.discordInvite],
    [{ discordUrl: 'https://discord.gg/x' }, GROUP_INPUT_MESSAGES.discordInvite],
    [{ repository: 'https://github.com/settings/profile' }, GROUP_INPUT_MESSAGES.repository],
    [{ topics: ['rust', '日本語'] }, notATopicMessage('日本語')],
  ])('refuses %o in the words the posting form uses', async (body, message) => {
    const res = await post(g.owner.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await post('', {})).statusCode).toBe(401);
  });
});

describe('editing a group', () => {
  const edit = (cookie: string | null, body: Record<string, unknown>) =>
    call(g.t.app, 'POST', '/api/group-projects/edit-project', cookie, body);

  it('changes every field under the rules of posting, marks it edited, and lists show the new title', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie, { title: 'Typo in the titel' });
    const before = await call(g.t.app, 'GET', `/api/group-projects/${id}`, g.owner.cookie);
    expect(before.json()).toMatchObject({ editedAt: null, viewer: { may: { edit: true } } });
    await list({ page: 1, sortField: 'date_posted', order: 'DESC' }); // caches the first page

    const res = await edit(g.owner.cookie, {
      groupProjectId: id,
      ...groupFields({ title: '  Fixed title  ', topics: ['React.js', 'rust'], visibility: 'private' }),
      description: 'Now with a plan.',
      repository: 'https://github.com/openlfg/demo',
      discordUrl: 'https://discord.com/invite/newcode',
      skillLevel: 'Advanced',
      maxMembers: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as GroupProject;
    expect(edited).toMatchObject({
      groupProjectId: id,
      title: 'Fixed title',
      description: 'Now with a plan.',
      topics: ['react', 'rust'],
      repoExt: 'openlfg/demo',
      skillLevel: 'Advanced',
      visibility: 'private',
      maxMembers: 4,
    });
    expect(Date.parse(edited.editedAt ?? '')).not.toBeNaN();
    const info = await call(g.t.app, 'POST', '/api/group-projects/discussion-info', g.owner.cookie, {
      groupProjectId: id,
    });
    expect(info.json().data.discordUrl).toBe('https://discord.gg/newcode');
    const listed = await list({ page: 1, sortField: 'date_posted', order: 'DESC' });
    const row = (listed.json() as GroupListResponse).data.find((g) => g.groupProjectId === id);
    expect(row).toMatchObject({ title: 'Fixed title', editedAt: edited.editedAt });
    // The new title is searchable at once.
    const found = await list({ page: 1, sortField: 'relevance', order: 'DESC', q: 'Fixed title' });
    expect((found.json() as GroupListResponse).data.map((g) => g.groupProjectId)).toContain(id);
  });

  it('refuses a capacity below the members it has, and bad fields, naming them, changing nothing', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie, { title: 'Three of us' });
    for (const who of [g.alice, g.bob]) {
      await call(g.t.app, 'POST', '/api/group-projects/join', who.cookie, { groupProjectId: id });
    }
    const small = await edit(g.owner.cookie, { groupProjectId: id, ...groupFields({ maxMembers: 2 }) });
    expect(small.statusCode).toBe(409);
    expect(small.json().error.message).toBe(
      'This group has 3 members: its maximum cannot be below that (body.maxMembers).',
    );
    const discord = await edit(g.owner.cookie, {
      groupProjectId: id,
      ...groupFields({ discordUrl: 'https://example.com/x' }),
    });
    expect(discord.statusCode).toBe(400);
    expect(discord.json().error.message).toContain(GROUP_INPUT_MESSAGES.discordInvite);
    const blank = await edit(g.owner.cookie, { groupProjectId: id, ...groupFields(), title: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toMatch(/title/);
    const card = await call(g.t.app, 'GET', `/api/group-projects/${id}`, null);
    expect(card.json()).toMatchObject({ title: 'Three of us', editedAt: null, maxMembers: null });
    expect(
      (await edit(g.owner.cookie, { groupProjectId: id, ...groupFields({ maxMembers: 3 }) })).statusCode,
    ).toBe(200);
  });

  it("made public, its pending requests leave the owner's queue and the requester can join directly", async () => {
    const id = await postGroup(g.t.app, g.owner.cookie, { visibility: 'private', title: 'Closed circle' });
    await call(g.t.app, 'POST', '/api/group-projects/request', g.bob.cookie, { groupProjectId: id });
    const pendingIds = async () =>
      (
        (await call(g.t.app, 'GET', '/api/group-projects/pending-requests', g.owner.cookie)).json().data as {
          groupProjectId: number;
        }[]
      ).map((r) => r.groupProjectId);
    expect(await pendingIds()).toContain(id);
    const res = await edit(g.owner.cookie, {
      groupProjectId: id,
      ...groupFields({ visibility: 'public', title: 'Closed circle' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await pendingIds()).not.toContain(id);
    const join = await call(g.t.app, 'POST', '/api/group-projects/join', g.bob.cookie, {
      groupProjectId: id,
    });
    expect(join.statusCode).toBe(200);
    expect(join.json()).toMatchObject({ memberCount: 2, viewer: { role: 'member' } });
  });

  it('is for the owner only, and a missing group is a 404', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie);
    await call(g.t.app, 'POST', '/api/group-projects/join', g.alice.cookie, { groupProjectId: id });
    const byMember = await edit(g.alice.cookie, { groupProjectId: id, ...groupFields() });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe("Only the group's owner can edit it.");
    expect(
      (await call(g.t.app, 'GET', `/api/group-projects/${id}`, g.alice.cookie)).json().viewer.may.edit,
    ).toBe(false);
    expect((await edit(null, { groupProjectId: id, ...groupFields() })).statusCode).toBe(401);
    expect((await edit(g.owner.cookie, { groupProjectId: 99999999, ...groupFields() })).statusCode).toBe(404);
  });
});

describe('deleting a group', () => {
  it('removes the group, its members, requests, saves and its board messages, and it leaves every list', async () => {
    const id = await postGroup(g.t.app, g.owner.cookie, { visibility: 'private', title: 'Doomed group' });
    await call(g.t.app, 'POST', '/api/group-projects/request', g.alice.cookie, { groupProjectId: id });
    await call(g.t.app, 'POST', '/api/group-projects/save', g.bob.cookie, { projectId: id });
    const other = await postGroup(g.t.app, g.owner.cookie);
    await g.t.database.db
      .insertInto('messages')
      .values([
        { room: discussionRoom(id), group_id: id, author_id: null, client_id: 'm1', body: 'hello' },
        { room: discussionRoom(other), group_id: other, author_id: null, client_id: 'm2', body: 'stays' },
      ])
      .execute();

    const res = await call(g.t.app, 'DELETE', '/api/group-projects/delete-project', g.owner.cookie, {
      groupProjectId: id,
    });
    expect(res.statusCode).toBe(204);

    const db = g.t.database.db;
    const left = async (table: 'group_members' | 'group_join_requests' | 'group_saves') =>
      (await db.selectFrom(table).select('group_id').where('group_id', '=', id).execute()).length;
    expect([
      await left('group_members'),
      await left('group_join_requests'),
      await left('group_saves'),
    ]).toEqual([0, 0, 0]);
    const messages = await db.selectFrom('messages').select('room').execute();
    expect(messages.map((m) => m.room)).toEqual([discussionRoom(other)]);

    const all = (await list({ sortField: 'date_posted', order: 'DESC', page: 1 })).json()
      .data as GroupProject[];
    expect(all.some((g) => g.groupProjectId === id)).toBe(false);
    expect((await call(g.t.app, 'GET', '/api/group-projects/saved', g.bob.cookie)).json().data).toEqual([]);
    expect(
      (await call(g.t.app, 'GET', '/api/group-projects/request', g.alice.cookie))
        .json()
        .data.some((r: { groupProjectId: number }) => r.groupProjectId === id),
    ).toBe(false);
    expect(
      (
        await call(g.t.app, 'POST', '/api/group-projects/discussion-info', g.owner.cookie, {
          groupProjectId: id,
        })
      ).statusCode,
    ).toBe(404);
  });
});
