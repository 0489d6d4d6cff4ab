import {
  discussionRoom,
  GROUP_INPUT_MESSAGES,
  GroupListResponse,
  notATopicMessage,
  type GroupProject,
} from '@openlfg/contracts';
import { sql } from 'kysely';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, groupFields, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
let owner: { cookie: string; login: string };
let alice: { cookie: string; login: string };
let bob: { cookie: string; login: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t.database.db, 'grp-owner');
  alice = await createSignedInUser(t.database.db, 'grp-alice');
  bob = await createSignedInUser(t.database.db, 'grp-bob');
});
afterAll(() => t.close());

const list = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/group-projects', null, body);
const post = (cookie: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/group-projects/post-project', cookie, {
    title: 'Build a game',
    description: 'A small game in Rust.',
    topics: ['rust'],
    skillLevel: 'Beginner',
    visibility: 'public',
    ...body,
  });

describe('posting a group project', () => {
  it('creates the group with its creator as owner and first member, and normalises its fields', async () => {
    const res = await post(owner.cookie, {
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
    const info = await call(t.app, 'POST', '/api/group-projects/discussion-info', owner.cookie, {
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
    const res = await post(owner.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('takes Discord vanity invites with hyphens and underscores, as the posting form does', async () => {
    for (const [typed, stored] of [
      ['https://discord.gg/a_b', 'https://discord.gg/a_b'],
      ['https://www.discord.com/invite/rust-lang_fr/', 'https://discord.gg/rust-lang_fr'],
    ]) {
      const res = await post(owner.cookie, { discordUrl: typed });
      expect(res.statusCode, res.body).toBe(201);
      const info = await call(t.app, 'POST', '/api/group-projects/discussion-info', owner.cookie, {
        groupProjectId: res.json().groupProjectId,
      });
      expect(info.json().data.discordUrl).toBe(stored);
    }
  });

  it('normalises topics the way the posting form shows them as chips', async () => {
    const res = await post(owner.cookie, { topics: ['  Machine_Learning ', 'Web  Dev', 'web-dev', 'C'] });
    expect(res.json().topics).toEqual(['machine-learning', 'web-dev', 'c']);
  });

  it('stores each topic under its canonical name, aliases merged in the order typed', async () => {
    const res = await post(owner.cookie, { topics: ['ReactJS', 'C++', 'react.js', 'Golang', 'node.js'] });
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
    const res = await post(owner.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await post('', {})).statusCode).toBe(401);
  });
});

describe('membership', () => {
  it('refuses joins and approvals once a group is full', async () => {
    const open = await postGroup(t.app, owner.cookie, { maxMembers: 2 });
    expect(
      (await call(t.app, 'POST', '/api/group-projects/join', alice.cookie, { groupProjectId: open })).json(),
    ).toMatchObject({
      viewer: { role: 'member' },
      memberCount: 2,
    });
    const full = await call(t.app, 'POST', '/api/group-projects/join', bob.cookie, { groupProjectId: open });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('This group is full.');

    const closed = await postGroup(t.app, owner.cookie, { visibility: 'private', maxMembers: 2 });
    for (const who of [alice, bob]) {
      await call(t.app, 'POST', '/api/group-projects/request', who.cookie, { groupProjectId: closed });
    }
    const first = await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: closed,
      requestUsername: alice.login,
    });
    expect(first.statusCode).toBe(200);
    const second = await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: closed,
      requestUsername: bob.login,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('This group is full.');
  });

  it('refuses to decide a request twice, or one that was cancelled, with a clear message', async () => {
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private' });
    await call(t.app, 'POST', '/api/group-projects/request', alice.cookie, { groupProjectId: id });
    const decide = (method: 'POST' | 'DELETE', login: string) =>
      call(t.app, method, '/api/group-projects/pending-requests', owner.cookie, {
        groupProjectId: id,
        requestUsername: login,
      });
    expect((await decide('DELETE', alice.login)).statusCode).toBe(200);
    const again = await decide('POST', alice.login);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("grp-alice's request was already rejected.");

    await call(t.app, 'POST', '/api/group-projects/request', bob.cookie, { groupProjectId: id });
    await call(t.app, 'DELETE', '/api/group-projects/request', bob.cookie, { groupProjectId: id });
    const cancelled = await decide('POST', bob.login);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe('grp-bob cancelled their request.');

    const stranger = await decide('POST', 'nobody-here');
    expect(stranger.statusCode).toBe(404);
  });

  it('lists my requests, and the owner sees pending requests with the requester name', async () => {
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private', title: 'Quiet club' });
    await call(t.app, 'POST', '/api/group-projects/request', alice.cookie, { groupProjectId: id });
    const mine = await call(t.app, 'GET', '/api/group-projects/request', alice.cookie);
    expect(mine.json().data).toContainEqual(
      expect.objectContaining({ groupProjectId: id, title: 'Quiet club' }),
    );
    const pending = await call(t.app, 'GET', '/api/group-projects/pending-requests', owner.cookie);
    expect(pending.json().data).toContainEqual(
      expect.objectContaining({ groupProjectId: id, requestUsername: 'grp-alice', title: 'Quiet club' }),
    );
    // Others see nothing of it.
    const others = await call(t.app, 'GET', '/api/group-projects/pending-requests', bob.cookie);
    expect(others.json().data.some((r: { groupProjectId: number }) => r.groupProjectId === id)).toBe(false);
  });

  it('answers every change with where the caller stands now, so the next actions need no guessing', async () => {
    const id = await postGroup(t.app, owner.cookie, { maxMembers: 2 });
    const body = { groupProjectId: id };
    const joined = (await call(t.app, 'POST', '/api/group-projects/join', alice.cookie, body)).json();
    expect(joined).toMatchObject({
      memberCount: 2,
      viewer: { role: 'member', may: { join: false, leave: true, post: true, readDiscussion: true } },
    });
    // Full now: a stranger is not offered Join, and the card says so to everyone.
    const card = (await call(t.app, 'GET', `/api/group-projects/${id}`, bob.cookie)).json();
    expect(card.viewer).toMatchObject({ role: 'none', may: { join: false, request: false, save: true } });
    const left = (await call(t.app, 'DELETE', '/api/group-projects/leave', alice.cookie, body)).json();
    expect(left).toMatchObject({
      memberCount: 1,
      viewer: { role: 'none', may: { join: true, leave: false } },
    });

    const closed = await postGroup(t.app, owner.cookie, { visibility: 'private', maxMembers: 2 });
    const asked = await call(t.app, 'POST', '/api/group-projects/request', bob.cookie, {
      groupProjectId: closed,
    });
    expect(asked.json().viewer).toMatchObject({
      role: 'requester',
      may: { join: false, cancelRequest: true },
    });
    const approved = await call(t.app, 'POST', '/api/group-projects/pending-requests', owner.cookie, {
      groupProjectId: closed,
      requestUsername: bob.login,
    });
    // The owner's group is full now: requests may still be turned down, no longer approved.
    expect(approved.json()).toMatchObject({
      memberCount: 2,
      viewer: { role: 'owner', may: { approve: false, reject: true, delete: true, leave: false } },
    });
  });

  it('tells the owner they cannot leave their own group', async () => {
    const id = await postGroup(t.app, owner.cookie);
    const res = await call(t.app, 'DELETE', '/api/group-projects/leave', owner.cookie, {
      groupProjectId: id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'You own this group, so you cannot leave it. Delete the group if it should end.',
    );
  });
});

describe('editing a group', () => {
  const edit = (cookie: string | null, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/group-projects/edit-project', cookie, body);

  it('changes every field under the rules of posting, marks it edited, and lists show the new title', async () => {
    const id = await postGroup(t.app, owner.cookie, { title: 'Typo in the titel' });
    const before = await call(t.app, 'GET', `/api/group-projects/${id}`, owner.cookie);
    expect(before.json()).toMatchObject({ editedAt: null, viewer: { may: { edit: true } } });
    await list({ page: 1, sortField: 'date_posted', order: 'DESC' }); // caches the first page

    const res = await edit(owner.cookie, {
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
    const info = await call(t.app, 'POST', '/api/group-projects/discussion-info', owner.cookie, {
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
    const id = await postGroup(t.app, owner.cookie, { title: 'Three of us' });
    for (const who of [alice, bob]) {
      await call(t.app, 'POST', '/api/group-projects/join', who.cookie, { groupProjectId: id });
    }
    const small = await edit(owner.cookie, { groupProjectId: id, ...groupFields({ maxMembers: 2 }) });
    expect(small.statusCode).toBe(409);
    expect(small.json().error.message).toBe(
      'This group has 3 members: its maximum cannot be below that (body.maxMembers).',
    );
    const discord = await edit(owner.cookie, {
      groupProjectId: id,
      ...groupFields({ discordUrl: 'https://example.com/x' }),
    });
    expect(discord.statusCode).toBe(400);
    expect(discord.json().error.message).toContain(GROUP_INPUT_MESSAGES.discordInvite);
    const blank = await edit(owner.cookie, { groupProjectId: id, ...groupFields(), title: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toMatch(/title/);
    const card = await call(t.app, 'GET', `/api/group-projects/${id}`, null);
    expect(card.json()).toMatchObject({ title: 'Three of us', editedAt: null, maxMembers: null });
    expect(
      (await edit(owner.cookie, { groupProjectId: id, ...groupFields({ maxMembers: 3 }) })).statusCode,
    ).toBe(200);
  });

  it("made public, its pending requests leave the owner's queue and the requester can join directly", async () => {
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private', title: 'Closed circle' });
    await call(t.app, 'POST', '/api/group-projects/request', bob.cookie, { groupProjectId: id });
    const pendingIds = async () =>
      (
        (await call(t.app, 'GET', '/api/group-projects/pending-requests', owner.cookie)).json().data as {
          groupProjectId: number;
        }[]
      ).map((r) => r.groupProjectId);
    expect(await pendingIds()).toContain(id);
    const res = await edit(owner.cookie, {
      groupProjectId: id,
      ...groupFields({ visibility: 'public', title: 'Closed circle' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await pendingIds()).not.toContain(id);
    const join = await call(t.app, 'POST', '/api/group-projects/join', bob.cookie, { groupProjectId: id });
    expect(join.statusCode).toBe(200);
    expect(join.json()).toMatchObject({ memberCount: 2, viewer: { role: 'member' } });
  });

  it('is for the owner only, and a missing group is a 404', async () => {
    const id = await postGroup(t.app, owner.cookie);
    await call(t.app, 'POST', '/api/group-projects/join', alice.cookie, { groupProjectId: id });
    const byMember = await edit(alice.cookie, { groupProjectId: id, ...groupFields() });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe("Only the group's owner can edit it.");
    expect((await call(t.app, 'GET', `/api/group-projects/${id}`, alice.cookie)).json().viewer.may.edit).toBe(
      false,
    );
    expect((await edit(null, { groupProjectId: id, ...groupFields() })).statusCode).toBe(401);
    expect((await edit(owner.cookie, { groupProjectId: 99999999, ...groupFields() })).statusCode).toBe(404);
  });
});

describe('deleting a group', () => {
  it('removes the group, its members, requests, saves and its board messages, and it leaves every list', async () => {
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private', title: 'Doomed group' });
    await call(t.app, 'POST', '/api/group-projects/request', alice.cookie, { groupProjectId: id });
    await call(t.app, 'POST', '/api/group-projects/save', bob.cookie, { projectId: id });
    const other = await postGroup(t.app, owner.cookie);
    await t.database.db
      .insertInto('messages')
      .values([
        { room: discussionRoom(id), group_id: id, author_id: null, client_id: 'm1', body: 'hello' },
        { room: discussionRoom(other), group_id: other, author_id: null, client_id: 'm2', body: 'stays' },
      ])
      .execute();

    const res = await call(t.app, 'DELETE', '/api/group-projects/delete-project', owner.cookie, {
      groupProjectId: id,
    });
    expect(res.statusCode).toBe(204);

    const db = t.database.db;
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
    expect((await call(t.app, 'GET', '/api/group-projects/saved', bob.cookie)).json().data).toEqual([]);
    expect(
      (await call(t.app, 'GET', '/api/group-projects/request', alice.cookie))
        .json()
        .data.some((r: { groupProjectId: number }) => r.groupProjectId === id),
    ).toBe(false);
    expect(
      (await call(t.app, 'POST', '/api/group-projects/discussion-info', owner.cookie, { groupProjectId: id }))
        .statusCode,
    ).toBe(404);
  });
});

describe("a group's public card", () => {
  it('answers anyone with what lists show, and nothing private, for a private group too', async () => {
    const id = await postGroup(t.app, owner.cookie, { visibility: 'private', title: 'Card club' });
    await call(t.app, 'POST', '/api/group-projects/request', alice.cookie, { groupProjectId: id });
    const res = await call(t.app, 'GET', `/api/group-projects/${id}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      groupProjectId: id,
      title: 'Card club',
      visibility: 'private',
      memberCount: 1,
    });
    expect(res.body).not.toContain('discord');
    expect(res.body).not.toContain('grp-alice');
    expect((await call(t.app, 'GET', '/api/group-projects/999999', null)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/group-projects/not-a-number', null)).statusCode).toBe(400);
    // The fixed routes under the same path still answer as themselves.
    expect((await call(t.app, 'GET', '/api/group-projects/saved', alice.cookie)).statusCode).toBe(200);
  });
});

describe("the viewer blocks of a list's cards", () => {
  const viewers = (cookie: string | null, groupProjectIds: unknown) =>
    call(t.app, 'POST', '/api/group-projects/viewer', cookie, { groupProjectIds });

  it('answers for each group the caller can see, leaving out unknown and hidden ones', async () => {
    const mine = await postGroup(t.app, owner.cookie);
    const hidden = await postGroup(t.app, owner.cookie);
    await sql`update group_projects set hidden_at = now() where id = ${hidden}`.execute(t.database.db);

    const res = await viewers(alice.cookie, [mine, hidden, 999999, mine]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json().data).toEqual([
      { groupProjectId: mine, viewer: expect.objectContaining({ role: 'none' }) },
    ]);
    const owners = (await viewers(owner.cookie, [mine, hidden])).json().data;
    expect(owners.map((entry: { groupProjectId: number }) => entry.groupProjectId).sort()).toEqual(
      [mine, hidden].sort(),
    );
  });

  it.each([[[]], [Array.from({ length: 101 }, (_, i) => i + 1)], [[0]], [[2 ** 53]], [[{}]]])(
    'refuses %j with a 400',
    async (ids) => {
      expect((await viewers(null, ids)).statusCode).toBe(400);
    },
  );
});

describe('reporting', () => {
  it('keeps one open report per user and group, with a bounded, required reason', async () => {
    const id = await postGroup(t.app, owner.cookie, { title: 'Suspicious' });
    const report = (reason: string) =>
      call(t.app, 'POST', '/api/group-projects/report', alice.cookie, { groupProjectId: id, reason });
    expect((await report('   ')).json().error.message).toBe('The reason cannot be blank.');
    expect((await report('x'.repeat(1001))).statusCode).toBe(400);
    expect((await report('Spam links')).statusCode).toBe(201);
    const again = await report('Still spam');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You already reported this group; a moderator will look at it.');
    const rows = await t.database.db
      .selectFrom('group_reports')
      .select(['reason', 'status', 'group_title'])
      .where('group_id', '=', id)
      .execute();
    expect(rows).toEqual([{ reason: 'Spam links', status: 'open', group_title: 'Suspicious' }]);
  });
});

describe('the group list', () => {
  let listT: TestApp;
  beforeAll(async () => {
    listT = await createTestApp();
    const someone = await createSignedInUser(listT.database.db, 'lister');
    const levels = ['Beginner', 'Intermediate', 'Advanced', 'Any level'] as const;
    for (let i = 1; i <= 45; i++) {
      await postGroup(listT.app, someone.cookie, {
        visibility: i % 3 === 0 ? 'private' : 'public',
        topics: [i % 2 === 0 ? 'even' : 'odd', ...(i % 5 === 0 ? ['five'] : [])],
        title: `List group ${i}`,
      });
      await listT.database.db
        .updateTable('group_projects')
        .set({ skill_level: levels[i % 4] ?? 'Beginner', saves: i % 7 })
        .where('title', '=', `List group ${i}`)
        .execute();
    }
    await sql`update group_projects set date_posted = now() - make_interval(days => (id * 2)::int)`.execute(
      listT.database.db,
    );
  });
  afterAll(() => listT.close());

  const groups = (body: Record<string, unknown>) =>
    call(listT.app, 'POST', '/api/group-projects', null, {
      sortField: 'date_posted',
      order: 'DESC',
      page: 1,
      ...body,
    });

  it('pages newest first, 20 at a time, in the contract shape, past the end serving the last page', async () => {
    const first = (await groups({})).json();
    expect(Value.Check(GroupListResponse, first)).toBe(true);
    expect(first).toMatchObject({ totalPages: 3, pageLocation: 1, total: 45 });
    expect(first.data.map((g: GroupProject) => g.title).slice(0, 2)).toEqual([
      'List group 1',
      'List group 2',
    ]);
    const last = (await groups({ page: 9 })).json();
    expect(last).toMatchObject({ pageLocation: 3 });
    expect(last.data).toHaveLength(5);
  });

  it.each([
    [{ sortField: 'date_posted', order: 'ASC' }, 'List group 45'],
    [{ sortField: 'saves', order: 'DESC' }, 'List group 6'],
  ])('sorts by %o', async (sort, firstTitle) => {
    expect((await groups(sort)).json().data[0].title).toBe(firstTitle);
  });

  it('filters by topics (all), skill levels (any), visibility and date posted together', async () => {
    const res = (
      await groups({
        topics: ['even', 'five'],
        skillLevels: ['Intermediate', 'Advanced'],
        visibility: 'public',
        datePosted: 60,
      })
    ).json();
    // even multiples of 5 posted within 60 days (id * 2 days ago): 10, 20; then skill level and visibility.
    const expected = [10, 20].filter(
      (i) =>
        ['Intermediate', 'Advanced'].includes(
          ['Beginner', 'Intermediate', 'Advanced', 'Any level'][i % 4] ?? '',
        ) && i % 3 !== 0,
    );
    expect(res.data.map((g: GroupProject) => g.title)).toEqual(expected.map((i) => `List group ${i}`));
    const recent = (await groups({ datePosted: 7 })).json();
    expect(recent.total).toBe(3);
  });

  it.each([
    [{ sortField: 'name' }, 'body.sortField'],
    [{ order: 'down' }, 'body.order'],
    [{ page: 0 }, 'body.page must be >= 1'],
    [{ datePosted: 3 }, 'body.datePosted'],
    [{ skillLevels: ['Expert'] }, 'body.skillLevels'],
    [{ visibility: 'hidden' }, 'body.visibility'],
  ])('refuses %o with a 400', async (body, message) => {
    const res = await groups(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });
});
