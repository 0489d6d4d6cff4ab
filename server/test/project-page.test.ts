import type { ContributingResponse, ProjectPageResponse } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { FakeGitHub } from './support/fake-github.js';
import { call, groupFields } from './support/groups.js';
import { addIssue, addProject, daysAgo } from './support/issues.js';
import { createSignedInUser } from './support/users.js';

type User = { id: number; login: string; cookie: string };
let t: TestApp;
let github: FakeGitHub;
let project: number;
let issue: number;
let ada: User;
let lin: User;

beforeAll(async () => {
  github = await new FakeGitHub().start();
  // GITHUB_TIMEOUT_MS is 500 in the fake's environment: a slow GitHub costs half a second, not the page.
  t = await createTestApp({ env: github.env() });
});
afterAll(async () => {
  await t.close();
  await github.stop();
});
beforeEach(async () => {
  const db = t.database.db;
  await sql`truncate projects, users, group_projects restart identity cascade`.execute(db);
  project = await addProject(db, 'Acme/Widgets', { language: 'Go', topics: ['cli', 'go'] });
  await db.updateTable('projects').set({ description: 'Widgets for all', license: 'MIT' }).execute();
  issue = await addIssue(db, project, 7, { title: 'Fix the flag parser' });
  ada = await createSignedInUser(db, 'ada');
  lin = await createSignedInUser(db, 'lin');
});

async function page(who: User | null, path = 'acme/widgets') {
  const res = await call(t.app, 'GET', `/api/projects/${path}`, who?.cookie ?? null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProjectPageResponse;
}

const toggle = (who: User | null, method: 'PUT' | 'DELETE', path = 'acme/widgets') =>
  t.app.inject({
    method,
    url: `/api/projects/${path}/contributors/me`,
    headers: { ...jsonHeaders, ...(who ? { cookie: who.cookie } : {}) },
    payload: {},
  });

async function postGroupAround(who: User, overrides: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/group-projects/post-project', who.cookie, {
    ...groupFields(),
    repository: 'https://github.com/acme/widgets',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().groupProjectId as number;
}

describe('a project page', () => {
  it('shows the project, its figures’ source, its licence and its links, whatever case the address has', async () => {
    const answer = await page(null, 'ACME/widgets');
    expect(answer.project).toMatchObject({
      repoExt: 'Acme/Widgets',
      description: 'Widgets for all',
      language: 'Go',
      topics: ['cli', 'go'],
      license: 'MIT',
      archived: false,
    });
    expect(answer.figures).toEqual({ source: 'awaiting-sync', at: null });
    expect(answer.quiet).toBe(false);
    expect(answer.contributeUrl).toBe('https://github.com/Acme/Widgets/contribute');
    expect(answer).toMatchObject({ saved: false, contributing: false, groups: [], groupsTotal: 0 });

    const synced = new Date('2026-01-02T03:04:05.000Z');
    await t.database.db
      .updateTable('projects')
      .set({ last_synced_at: synced, last_push_at: daysAgo(120) })
      .execute();
    const later = await page(null);
    expect(later.figures).toEqual({ source: 'github', at: synced.toISOString() });
    // No push in 90 days: the page says the finder leaves it out.
    expect(later.quiet).toBe(true);
  });

  it('answers 404 with a clear message for a project the catalogue does not have', async () => {
    const res = await call(t.app, 'GET', '/api/projects/acme/nothing-here', null);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(
      'There is no project acme/nothing-here in the catalogue. Ask for it to be added from Discover.',
    );
    expect((await toggle(ada, 'PUT', 'acme/nothing-here')).statusCode).toBe(404);
  });

  it('is the page of any repository, even one named like another of the API’s paths', async () => {
    for (const name of ['topics/search', 'topics/widgets']) {
      await addProject(t.database.db, name);
      expect((await page(null, name)).project.repoExt).toBe(name);
    }
  });

  it('refuses an address that is no repository name with a 400', async () => {
    const res = await call(t.app, 'GET', '/api/projects/-bad-/widgets', null);
    expect(res.statusCode).toBe(400);
  });

  it('says whether the caller saved it', async () => {
    await call(t.app, 'POST', '/api/projects/save', ada.cookie, { projectId: project });
    expect((await page(ada)).saved).toBe(true);
    expect((await page(lin)).saved).toBe(false);
    expect((await page(null)).saved).toBe(false);
  });
});

describe('groups around a project', () => {
  it('a group posted with this repository shows on its page with its status and members', async () => {
    const id = await postGroupAround(ada, { title: 'Widget hackers', maxMembers: 2 });
    await call(t.app, 'POST', '/api/group-projects/join', lin.cookie, { groupProjectId: id });
    // A group about another repository, or none, is not around this one.
    await call(t.app, 'POST', '/api/group-projects/post-project', ada.cookie, {
      ...groupFields(),
      repository: 'acme/gadgets',
    });
    const answer = await page(null);
    expect(answer.groupsTotal).toBe(1);
    expect(answer.groups).toEqual([
      expect.objectContaining({
        groupProjectId: id,
        title: 'Widget hackers',
        memberCount: 2,
        status: 'full',
      }),
    ]);
  });

  it('never shows a hidden group, and shows a private one only as its card', async () => {
    const hidden = await postGroupAround(ada, { title: 'Hidden one' });
    await t.database.db
      .updateTable('group_projects')
      .set({ hidden_at: new Date(), hidden_reason: 'spam' })
      .where('id', '=', hidden)
      .execute();
    const secret = await postGroupAround(ada, {
      title: 'Private one',
      visibility: 'private',
      discordUrl: 'https://discord.gg/secret1',
    });
    for (const who of [null, ada, lin]) {
      const answer = await page(who);
      expect(answer.groups.map((g) => g.groupProjectId)).toEqual([secret]);
      expect(answer.groupsTotal).toBe(1);
      // The card carries nothing private: no Discord link, no members, no whole description.
      expect(JSON.stringify(answer.groups)).not.toContain('discord.gg/secret1');
      expect(answer.groups[0]).not.toHaveProperty('description');
    }
  });
});

describe('people here', () => {
  it('a claim shows under People here, with the claimed issue and the GitHub summary', async () => {
    github.users.set('ada', {
      id: 501,
      login: 'ada',
      name: null,
      avatar_url: 'https://avatars.githubusercontent.com/u/501',
      repos: [{ name: 'x', language: 'Go' }],
    });
    const res = await call(t.app, 'POST', '/api/issues/claims', ada.cookie, { issueId: issue });
    expect(res.statusCode, res.body).toBe(201);

    const answer = await page(lin);
    expect(answer.people.claimers).toBe(1);
    expect(answer.people.list).toEqual([
      expect.objectContaining({
        login: 'ada',
        contributing: false,
        claims: [expect.objectContaining({ issueId: issue, number: 7, title: 'Fix the flag parser' })],
        github: {
          available: true,
          login: 'ada',
          publicRepos: 1,
          topLanguages: [{ language: 'Go', repos: 1 }],
        },
      }),
    ]);

    // Released: gone from the page.
    await call(t.app, 'DELETE', '/api/issues/claims', ada.cookie, { issueId: issue });
    expect((await page(lin)).people).toMatchObject({ claimers: 0, list: [] });
  });

  it('"I\'d like to contribute here" is off by default, turns on and off, and repeats change nothing', async () => {
    expect((await page(ada)).contributing).toBe(false);
    for (let i = 0; i < 2; i++) {
      const res = await toggle(ada, 'PUT');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json() as ContributingResponse).toEqual({
        projectId: project,
        contributing: true,
        contributors: 1,
      });
    }
    const seen = await page(lin);
    expect(seen.contributing).toBe(false);
    expect(seen.people.contributors).toBe(1);
    expect(seen.people.list).toEqual([
      expect.objectContaining({ login: 'ada', contributing: true, claims: [] }),
    ]);
    expect((await page(ada)).contributing).toBe(true);

    for (let i = 0; i < 2; i++) {
      const res = await toggle(ada, 'DELETE');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ projectId: project, contributing: false, contributors: 0 });
    }
    expect((await page(lin)).people).toMatchObject({ contributors: 0, list: [] });
  });

  it('someone who claims and would contribute shows once, with both', async () => {
    await call(t.app, 'POST', '/api/issues/claims', ada.cookie, { issueId: issue });
    await toggle(ada, 'PUT');
    const list = (await page(lin)).people.list ?? [];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ login: 'ada', contributing: true, claims: [{ issueId: issue }] });
  });

  it('names people to signed-in users only: anonymous callers get the counts', async () => {
    await call(t.app, 'POST', '/api/issues/claims', ada.cookie, { issueId: issue });
    await toggle(lin, 'PUT');
    const anonymous = await page(null);
    expect(anonymous.people).toEqual({ claimers: 1, contributors: 1, list: null });
    expect(JSON.stringify(anonymous)).not.toContain('"ada"');
    expect((await page(ada)).people.list?.map((p) => p.login)).toEqual(['ada', 'lin']);
  });

  it('only signed-in users toggle', async () => {
    expect((await toggle(null, 'PUT')).statusCode).toBe(401);
    expect((await toggle(null, 'DELETE')).statusCode).toBe(401);
  });
});
