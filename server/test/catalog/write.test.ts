import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareEntry, parseCatalogPath } from '../../src/catalog/sources/index.js';
import { writeCatalogEntries } from '../../src/catalog/write.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const base = bareEntry('acme/widgets', 'test');
const project = (repo: string) =>
  database.db.selectFrom('projects').selectAll().where('repo_ext', 'ilike', repo).executeTakeFirstOrThrow();

describe('writeCatalogEntries', () => {
  it('adds new projects, then updates them on a second run without duplicating', async () => {
    const { entries } = await parseCatalogPath(path.join(fixtures, 'list.txt'));
    const first = await writeCatalogEntries(database.db, entries);
    expect(first).toEqual({ added: entries.length, updated: 0 });
    const second = await writeCatalogEntries(database.db, entries);
    expect(second).toEqual({ added: 0, updated: entries.length });
    const { count } = await database.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(entries.length);
  });

  it('never replaces a known figure with an unknown one, and matches names case-insensitively', async () => {
    await writeCatalogEntries(database.db, [
      { ...base, stars: 120, language: 'Go', topics: ['cli'], description: 'Widgets' },
    ]);
    await writeCatalogEntries(database.db, [{ ...base, repoExt: 'ACME/Widgets', forks: 7 }]);
    expect(await project('acme/widgets')).toMatchObject({
      repo_ext: 'acme/widgets',
      stars: 120,
      forks: 7,
      language: 'Go',
      topics: ['cli'],
      description: 'Widgets',
      name: 'widgets',
    });
  });

  it('lets real data replace every demo figure', async () => {
    await writeCatalogEntries(
      database.db,
      [{ ...base, repoExt: 'demo/app', stars: 99_000, language: 'Rust' }],
      {
        isDemo: true,
      },
    );
    // The demo seed's made-up contributor and used-by counts, which no catalogue knows.
    await database.db
      .updateTable('projects')
      .set({ contributors: 1700, used_by: 2_400_000 })
      .where('repo_ext', '=', 'demo/app')
      .execute();
    expect(await project('demo/app')).toMatchObject({ is_demo: true, stars: 99_000 });
    await writeCatalogEntries(database.db, [{ ...base, repoExt: 'demo/app', forks: 3 }]);
    expect(await project('demo/app')).toMatchObject({
      is_demo: false,
      stars: null,
      language: null,
      forks: 3,
      contributors: null,
      used_by: null,
    });
  });

  it('keeps the contributor and used-by counts a sync brought when the catalogue is imported again', async () => {
    await writeCatalogEntries(database.db, [{ ...base, repoExt: 'synced/app' }]);
    await database.db
      .updateTable('projects')
      .set({ contributors: 12, used_by: 40, last_synced_at: new Date() })
      .where('repo_ext', '=', 'synced/app')
      .execute();
    await writeCatalogEntries(database.db, [{ ...base, repoExt: 'synced/app', forks: 3 }]);
    expect(await project('synced/app')).toMatchObject({ contributors: 12, used_by: 40, forks: 3 });
  });
});
