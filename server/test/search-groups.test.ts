import { SEARCH_MAX_LENGTH, type GroupProject } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { call } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('searching groups (POST /api/group-projects with q)', () => {
  const groups: Record<string, number> = {};

  beforeAll(async () => {
    const owner = await createSignedInUser(t.database.db, 'search-owner');
    const post = async (title: string, description: string, topics: string[]) => {
      const res = await call(t.app, 'POST', '/api/group-projects/post-project', owner.cookie, {
        title,
        description,
        topics,
        skillLevel: 'Any level',
        visibility: 'public',
      });
      expect(res.statusCode, res.body).toBe(201);
      groups[title] = res.json().groupProjectId;
    };
    await post('Zulip bots', 'Build chat bots for Zulip', ['chat', 'python']);
    await post('Rust game engine', 'A small ECS engine for games', ['rust', 'gamedev']);
    await post('Web chat client', 'A React client for chat rooms', ['react']);
    await post('Zulip', 'Contributing to the team chat together', ['python']);
    await post('Hidden zulip plans', 'Zulip, but hidden by a moderator', ['python']);
    await t.database.db
      .updateTable('group_projects')
      .set({ hidden_at: new Date(), hidden_reason: 'spam' })
      .where('title', '=', 'Hidden zulip plans')
      .execute();
  });

  function listGroups(body: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/group-projects', headers: jsonHeaders, payload: body });
  }

  async function searchGroups(q: string, extra: Record<string, unknown> = {}): Promise<string[]> {
    const res = await listGroups({ sortField: 'relevance', order: 'DESC', page: 1, q, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as GroupProject[]).map((group) => group.title);
  }

  it('ranks the exact title first and leaves hidden groups out', async () => {
    expect(await searchGroups('zulip')).toEqual(['Zulip', 'Zulip bots']);
    expect(await searchGroups('ZULIP BOTS')).toEqual(['Zulip bots']);
  });

  it('finds titles with a typo and words by their beginning', async () => {
    // Searched as "zulip": the exact title first, the hidden group nowhere.
    expect(await searchGroups('zlip')).toEqual(['Zulip', 'Zulip bots']);
    const answer = await listGroups({ sortField: 'relevance', order: 'DESC', page: 1, q: 'zlip' });
    expect(answer.json().searchedFor).toBe('zulip');
    const plain = await listGroups({ sortField: 'date_posted', order: 'DESC', page: 1 });
    expect(plain.json().searchedFor).toBeNull();
    expect(await searchGroups('rust gme engine')).toEqual(['Rust game engine']);
    expect(await searchGroups('gam')).toEqual(['Rust game engine']);
    expect(await searchGroups('gamedev')).toEqual(['Rust game engine']);
    expect(await searchGroups('rust engnie')).toEqual(['Rust game engine']);
  });

  it('combines with the filters and the other sorts', async () => {
    expect(await searchGroups('chat', { topics: ['react'] })).toEqual(['Web chat client']);
    const newest = await listGroups({ sortField: 'date_posted', order: 'DESC', page: 1, q: 'chat' });
    expect((newest.json().data as GroupProject[]).map((g) => g.title)).toEqual([
      'Zulip',
      'Web chat client',
      'Zulip bots',
    ]);
    const oldest = await listGroups({ sortField: 'date_posted', order: 'ASC', page: 1, q: 'chat' });
    expect((oldest.json().data as GroupProject[]).map((g) => g.title)).toEqual([
      'Zulip bots',
      'Web chat client',
      'Zulip',
    ]);
    const saved = await listGroups({
      sortField: 'saves',
      order: 'DESC',
      page: 1,
      q: 'chat',
      skillLevels: ['Beginner'],
    });
    expect(saved.json().total).toBe(0);
  });

  it('refuses Best match without a search, and a bad search, naming the field', async () => {
    const noSearch = await listGroups({ sortField: 'relevance', order: 'DESC', page: 1 });
    expect(noSearch.statusCode).toBe(400);
    expect(noSearch.json().error.message).toMatch(/body\.sortField.*body\.q/);
    const long = await listGroups({
      sortField: 'saves',
      order: 'DESC',
      page: 1,
      q: 'x'.repeat(SEARCH_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/body\.q/);
  });
});
