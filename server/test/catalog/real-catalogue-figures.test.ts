import type { ProjectListResponse } from '@openlfg/contracts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../src/catalog/demo.js';
import { parseCatalogPath } from '../../src/catalog/sources/detect.js';
import { writeCatalogEntries } from '../../src/catalog/write.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { call } from '../support/groups.js';

/**
 * What a new self-hoster sees: the server seeds the demo on its empty database, then `npm run catalog:import`
 * takes every real catalogue in ../shared/data (the same parser and writer), and no sync has run (no GitHub
 * token yet). The catalogues are not part of the repository: on a fresh clone this suite is skipped.
 */
const dataDir = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const exists = existsSync(dataDir);
if (!exists) {
  console.warn(
    `Skipping the figures of the real catalogue: ${dataDir} is absent (it holds the public catalogues, ` +
      'which are not part of the repository).',
  );
}

const CATALOGUES = [
  'up-for-grabs/projects',
  'forgoodfirstissue/generated.json',
  'goodfirstissue/repositories.toml',
];

/** Imports every catalogue as `npm run catalog:import` does; answers how many repositories they name. */
async function importAll(app: TestApp): Promise<number> {
  const repositories = new Set<string>();
  for (const path of CATALOGUES) {
    const parsed = await parseCatalogPath(`${dataDir}${path}`);
    for (const entry of parsed.entries) repositories.add(entry.repoExt.toLowerCase());
    await writeCatalogEntries(app.database.db, parsed.entries);
  }
  // As the import command's process does on a running server: the lists start afresh.
  app.app.catalogueChanged();
  return repositories.size;
}

async function list(app: TestApp, body: Record<string, unknown>): Promise<ProjectListResponse> {
  const res = await call(app.app, 'POST', '/api/projects', null, { page: 1, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProjectListResponse;
}

const DEFAULT_SORT = { sortField: 'contributors', order: 'DESC' } as const;

describe.skipIf(!exists)('the real catalogue imported on a production server, before any sync', () => {
  let t: TestApp;
  let repositories = 0;
  beforeAll(async () => {
    t = await createTestApp();
    repositories = await importAll(t);
  }, 240_000);
  afterAll(() => t?.close());

  it('lists every repository once, counted in full, and none of them as new', async () => {
    expect(repositories).toBe(1903);
    expect((await list(t, DEFAULT_SORT)).total).toBe(1903);
    expect((await list(t, { ...DEFAULT_SORT, showNew: true })).total).toBe(0);
  });

  it('says no project has a contributor or used-by count, nor a sync time', async () => {
    expect(await list(t, DEFAULT_SORT)).toMatchObject({
      known: { contributors: 0, usedBy: 0 },
      lastCatalogueSyncAt: null,
    });
    const filtered = await list(t, { ...DEFAULT_SORT, filters: { topics: ['javascript'], languages: [] } });
    expect(filtered.total).toBeGreaterThan(20);
    expect(filtered.known).toEqual({ contributors: 0, usedBy: 0 });
  });

  it('serves the default sort with the most beginner issues first rather than the import order', async () => {
    const first = await list(t, DEFAULT_SORT);
    expect(first.sortFallback).toBe(true);
    const { most } = await t.database.db
      .selectFrom('projects')
      .select((eb) => eb.fn.max('beginner_issues').as('most'))
      .executeTakeFirstOrThrow();
    expect(first.data[0]?.beginnerIssues).toBe(most);
    const counts = first.data.map((p) => p.beginnerIssues ?? -1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(first.data[0]?.name).not.toBe('100-Lines-Of-Code');
  });
});

describe.skipIf(!exists)('the real catalogue imported over the demo seed (outside production)', () => {
  let t: TestApp;
  let repositories = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoCatalogue(t.database.db);
    repositories = await importAll(t);
  }, 240_000);
  afterAll(() => t?.close());

  it('shows neither the imported nor the demo projects as new', async () => {
    expect((await list(t, { ...DEFAULT_SORT, showNew: true })).total).toBe(0);
  });

  it('counts as known only the figures the demo rows the import did not name still show', async () => {
    const answer = await list(t, DEFAULT_SORT);
    const { demo } = await t.database.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('demo'))
      .where('is_demo', '=', true)
      .executeTakeFirstOrThrow();
    expect(Number(demo)).toBeGreaterThan(0);
    expect(answer.total).toBe(repositories + Number(demo));
    // The demo rows an imported catalogue names gave way, made-up counts and all.
    expect(answer.known).toEqual({ contributors: Number(demo), usedBy: Number(demo) });
    expect(answer.sortFallback).toBe(false);
    expect(answer.data.slice(0, Number(demo)).every((p) => p.isDemo)).toBe(true);
  });
});
