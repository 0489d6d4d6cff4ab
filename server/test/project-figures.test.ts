import type { Project, ProjectListResponse } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../src/catalog/demo.js';
import { bareEntry, type CatalogEntry } from '../src/catalog/sources/index.js';
import { writeCatalogEntries } from '../src/catalog/write.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call } from './support/groups.js';
import { createRequest } from './support/moderation.js';
import { createSignedInUser } from './support/users.js';

/**
 * What a new catalogue says about itself: which projects are new to it, how many have each figure a sort is
 * by, what a figure sort does when none has it, and when the last sync brought figures.
 */

let t: TestApp;
const IMPORTED = 30;
const DAY_MS = 86_400_000;

function entry(i: number): CatalogEntry {
  return {
    ...bareEntry(`bulk${i}/repo-${i}`, 'test'),
    name: `Bulk ${String(i).padStart(2, '0')}`,
    topics: [i % 2 === 0 ? 'even' : 'odd'],
    // Known for some, as the catalogues know them before any sync; some ties, to see the id tie-break.
    beginnerIssues: i % 4 === 0 ? null : i % 7,
  };
}

async function list(body: Record<string, unknown>): Promise<ProjectListResponse> {
  const res = await call(t.app, 'POST', '/api/projects', null, { page: 1, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProjectListResponse;
}

async function allPages(body: Record<string, unknown>): Promise<Project[]> {
  const first = await list(body);
  const rows = [...first.data];
  for (let page = 2; page <= first.totalPages; page++) rows.push(...(await list({ ...body, page })).data);
  return rows;
}

beforeAll(async () => {
  // No list cache: the tests change rows behind the service's back.
  t = await createTestApp({ env: { LIST_CACHE_TTL_MS: '0', ADMIN_LOGINS: 'figures-mod' } });
  // A new self-hoster's catalogue: the demo seed on the empty database, then a bulk import.
  await seedDemoCatalogue(t.database.db);
  await sql`delete from projects`.execute(t.database.db);
  await writeCatalogEntries(
    t.database.db,
    Array.from({ length: IMPORTED }, (_, i) => entry(i + 1)),
  );
});
afterAll(() => t.close());

describe('a catalogue right after a bulk import, before any sync', () => {
  it('has no new projects: an import is the catalogue, not news in it', async () => {
    const answer = await list({ sortField: 'name', order: 'ASC', showNew: true });
    expect(answer.total).toBe(0);
    const all = await list({ sortField: 'name', order: 'ASC' });
    expect(all.total).toBe(IMPORTED);
    expect(all.data.every((p) => p.newSince === null)).toBe(true);
  });

  it('says no project has a contributor or used-by count, and when no sync has brought figures', async () => {
    const answer = await list({ sortField: 'name', order: 'ASC' });
    expect(answer).toMatchObject({
      total: IMPORTED,
      known: { contributors: 0, usedBy: 0 },
      sortFallback: false,
      lastCatalogueSyncAt: null,
    });
  });

  it.each([
    ['contributors', 'DESC'],
    ['contributors', 'ASC'],
    ['used_by', 'DESC'],
  ])('serves a sort by %s %s with the most beginner issues first, and says so', async (sortField, order) => {
    const rows = await allPages({ sortField, order });
    expect(rows).toHaveLength(IMPORTED);
    const expected = [...rows]
      .sort((a, b) => {
        if (a.beginnerIssues === b.beginnerIssues) return a.projectId - b.projectId;
        if (a.beginnerIssues === null) return 1;
        if (b.beginnerIssues === null) return -1;
        return b.beginnerIssues - a.beginnerIssues || a.projectId - b.projectId;
      })
      .map((p) => p.projectId);
    expect(rows.map((p) => p.projectId)).toEqual(expected);
    expect((await list({ sortField, order })).sortFallback).toBe(true);
    // The last page too (read from the other end of the index).
    const last = await list({ sortField, order, page: 2 });
    expect(last.data.map((p) => p.projectId)).toEqual(expected.slice(20));
  });
});

describe('figure counts with filters', () => {
  beforeAll(async () => {
    // Contributors known for the multiples of 3 (5 even, 5 odd), used-by for the multiples of 5 (3 even, 3 odd).
    await sql`update projects set contributors = (id % 9) * 10 where (split_part(repo_ext, '-', 2))::int % 3 = 0`.execute(
      t.database.db,
    );
    await sql`update projects set used_by = 100 where (split_part(repo_ext, '-', 2))::int % 5 = 0`.execute(
      t.database.db,
    );
  });
  afterAll(async () => {
    await sql`update projects set contributors = null, used_by = null`.execute(t.database.db);
  });

  it('counts how many of the matching projects have each figure', async () => {
    expect(await list({ sortField: 'contributors', order: 'DESC' })).toMatchObject({
      total: IMPORTED,
      known: { contributors: 10, usedBy: 6 },
      sortFallback: false,
    });
    expect(
      await list({ sortField: 'contributors', order: 'DESC', filters: { topics: ['even'], languages: [] } }),
    ).toMatchObject({ total: 15, known: { contributors: 5, usedBy: 3 } });
    expect(
      await list({ sortField: 'used_by', order: 'DESC', filters: { topics: ['no-such'], languages: [] } }),
    ).toMatchObject({ total: 0, known: { contributors: 0, usedBy: 0 }, sortFallback: false });
  });

  it('puts the projects without the figure after those with it, as before', async () => {
    const rows = await allPages({ sortField: 'contributors', order: 'DESC' });
    expect(rows.slice(0, 10).every((p) => p.contributors !== null)).toBe(true);
    expect(rows.slice(10).every((p) => p.contributors === null)).toBe(true);
  });
});

describe('new to the catalogue', () => {
  it('is a project approved from a request, for 30 days, with its badge date in the answer', async () => {
    const moderator = await createSignedInUser(t.database.db, 'figures-mod');
    const requester = await createSignedInUser(t.database.db, 'figures-asker');
    const requestId = await createRequest(t.database.db, 'asked/for-it', [requester.id]);
    const approved = await call(
      t.app,
      'POST',
      `/api/admin/requests/${requestId}/approve`,
      moderator.cookie,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);

    const answer = await list({ sortField: 'name', order: 'ASC', showNew: true });
    expect(answer.total).toBe(1);
    expect(answer.data.map((p) => p.repoExt)).toEqual(['asked/for-it']);
    const newSince = Date.parse(answer.data[0]?.newSince ?? '');
    expect(Math.abs(Date.now() - newSince)).toBeLessThan(DAY_MS);

    // An import that lists it later does not make it old, nor an imported one new.
    await writeCatalogEntries(t.database.db, [bareEntry('asked/for-it', 'test'), entry(1)]);
    expect((await list({ sortField: 'name', order: 'ASC', showNew: true })).total).toBe(1);

    // 31 days on, it is part of the catalogue like the rest.
    await sql`update projects set new_since = now() - interval '31 days' where repo_ext = 'asked/for-it'`.execute(
      t.database.db,
    );
    expect((await list({ sortField: 'name', order: 'ASC', showNew: true })).total).toBe(0);
  });

  it('takes the date a source gives, where it gives one', async () => {
    await writeCatalogEntries(t.database.db, [
      { ...bareEntry('dated/recent', 'test'), listedAt: new Date(Date.now() - 3 * DAY_MS) },
      { ...bareEntry('dated/old', 'test'), listedAt: new Date(Date.now() - 90 * DAY_MS) },
    ]);
    const answer = await list({ sortField: 'name', order: 'ASC', showNew: true });
    expect(answer.data.map((p) => p.repoExt)).toEqual(['dated/recent']);
  });
});

describe('the last catalogue sync', () => {
  it('is the end of the latest run that brought figures', async () => {
    const db = t.database.db;
    const run = (startedHoursAgo: number, synced: number, status: 'completed' | 'failed') =>
      db
        .insertInto('sync_runs')
        .values({
          started_at: new Date(Date.now() - startedHoursAgo * 3_600_000),
          cycle_started_at: new Date(Date.now() - startedHoursAgo * 3_600_000),
          finished_at: new Date(Date.now() - startedHoursAgo * 3_600_000 + 60_000),
          status,
          projects_synced: synced,
        })
        .returning('finished_at')
        .executeTakeFirstOrThrow();
    const brought = await run(5, 12, 'completed');
    // A later run that synced nothing (GitHub down) brought no figures.
    await run(1, 0, 'failed');
    const answer = await list({ sortField: 'name', order: 'ASC' });
    expect(answer.lastCatalogueSyncAt).toBe(brought.finished_at?.toISOString());
  });
});
