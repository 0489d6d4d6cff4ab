import type { GroupListResponse, IssueListResponse } from '@openlfg/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bareEntry } from '../../src/catalog/sources/index.js';
import { seedDemoCatalogue } from '../../src/catalog/demo.js';
import { seedDemoCommunity } from '../../src/catalog/demo-community.js';
import { writeCatalogEntries } from '../../src/catalog/write.js';
import { createTestApp, jsonHeaders, type TestApp } from '../support/app.js';
import { postGroup } from '../support/groups.js';
import { createSignedInUser } from '../support/users.js';
import { repository, startWorld, stopWorld, sync, type SyncWorld } from './sync/support.js';

/**
 * The demo community: a fresh install's Looking for group board is not empty (groups around demo projects, with
 * members, marked demo), demo people claim demo issues, and an import or a sync takes it all away.
 */
let world: SyncWorld;
let t: TestApp;

beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => stopWorld(world));

beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
  await seedDemoCatalogue(t.database.db);
});
afterAll(() => t?.close());

async function board(): Promise<GroupListResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/group-projects',
    headers: jsonHeaders,
    payload: { sortField: 'date_posted', order: 'DESC', page: 1 },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Every stored issue's taken signal, by the finder (taken ones too). */
async function claimsHere(): Promise<string[]> {
  const reasons: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/issues',
      headers: jsonHeaders,
      payload: { notTaken: false, ...(cursor ? { cursor } : {}) },
    });
    const page = res.json() as IssueListResponse;
    for (const issue of page.data) {
      if (issue.taken.state === 'claimed_here') reasons.push(issue.taken.reason);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return reasons.sort();
}

async function demoPeople(): Promise<number> {
  const rows = await t.database.db.selectFrom('users').select('id').where('is_demo', '=', true).execute();
  return rows.length;
}

describe('on a fresh install', () => {
  it('shows groups around demo projects on the board, with members, each marked demo', async () => {
    expect(await seedDemoCommunity(t.database.db)).toBeGreaterThanOrEqual(3);
    const { data, total } = await board();
    expect(total).toBe(data.length);
    expect(data.length).toBeGreaterThanOrEqual(3);
    const demoProjects = await t.database.db
      .selectFrom('projects')
      .select('repo_ext')
      .where('is_demo', '=', true)
      .execute();
    for (const group of data) {
      expect(group.isDemo).toBe(true);
      expect(demoProjects.map((p) => p.repo_ext)).toContain(group.repoExt);
      expect(group.memberCount).toBeGreaterThanOrEqual(2);
      expect(group.owner.login).toMatch(/-demo$/);
    }
    // Public, so anyone reads who is in it: the member rows agree with the count.
    const first = data[0];
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/group-projects/discussion-info',
      headers: jsonHeaders,
      payload: { groupProjectId: first?.groupProjectId },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.members).toHaveLength(first?.memberCount ?? -1);
    // Nobody signs in as a demo person: no GitHub account has their ids.
    const ids = await t.database.db
      .selectFrom('users')
      .select('github_id')
      .where('is_demo', '=', true)
      .execute();
    expect(ids.every((u) => Number(u.github_id) < 1)).toBe(true);
    // Seeding again adds nothing.
    expect(await seedDemoCommunity(t.database.db)).toBe(0);
    expect((await board()).total).toBe(data.length);
  });

  it('has demo people claiming demo issues, each project keeping a free one', async () => {
    await seedDemoCommunity(t.database.db);
    const reasons = await claimsHere();
    expect(reasons.filter((r) => /by @\w+-demo /.test(r)).length).toBeGreaterThanOrEqual(2);
    const free = await t.database.db
      .selectFrom('projects as p')
      .select((eb) =>
        eb
          .selectFrom('issues as i')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('i.project_id', '=', 'p.id')
          .where((e) =>
            e.and([e('i.github_taken_until', '<', new Date()), e('i.claimed_until', '<', new Date())]),
          )
          .as('free'),
      )
      .execute();
    expect(free.every((row) => Number(row.free) >= 1)).toBe(true);
  });

  it('is not seeded over a catalogue that is no longer all demo', async () => {
    await writeCatalogEntries(t.database.db, [bareEntry('acme/real-tool', 'test')]);
    expect(await seedDemoCommunity(t.database.db)).toBe(0);
    expect((await board()).total).toBe(0);
  });
});

describe('an import or a sync replaces the demo', () => {
  it('an import of a real catalogue takes the demo groups, people and claims away, and leaves real ones', async () => {
    await seedDemoCommunity(t.database.db);
    const real = await createSignedInUser(t.database.db, 'real-person');
    const realGroup = await postGroup(t.app, real.cookie, { title: 'A real group' });
    // A real person who joined a demo group loses only that membership.
    const demoGroup = (await board()).data.find((g) => g.isDemo)?.groupProjectId;
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/group-projects/join',
      headers: { ...jsonHeaders, cookie: real.cookie },
      payload: { groupProjectId: demoGroup },
    });
    expect(joined.statusCode).toBe(200);
    const demoClaims = (await claimsHere()).filter((r) => /-demo /.test(r));
    expect(demoClaims.length).toBeGreaterThan(0);

    await writeCatalogEntries(t.database.db, [
      bareEntry('facebook/react', 'test'),
      bareEntry('acme/tool', 'test'),
    ]);

    const after = await board();
    expect(after.data.map((g) => g.groupProjectId)).toEqual([realGroup]);
    expect(after.total).toBe(1);
    expect(await demoPeople()).toBe(0);
    expect(await claimsHere()).toEqual([]);
    // The issues they held are free again for the finder's "not taken".
    const held = await t.database.db
      .selectFrom('issues')
      .select('id')
      .where('claimed_until', '>', new Date())
      .execute();
    expect(held).toEqual([]);
  });

  it('a sync takes them away once it has refreshed a project', async () => {
    await seedDemoCommunity(t.database.db);
    expect((await board()).total).toBeGreaterThan(0);
    world.github.repositories.set('facebook/react', repository(1));
    // As the app's scheduler runs it: a run that changed the catalogue refreshes the cached lists.
    const outcome = await sync(world, t.database, { onCatalogueChanged: () => t.app.catalogueChanged() });
    expect(outcome.status).toBe('completed');
    expect((await board()).total).toBe(0);
    expect(await demoPeople()).toBe(0);
  });
});
