import path from 'node:path';
import { existsSync } from 'node:fs';
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
    expect(first).toEqual({ added: entries.length, updated: 0, issues: 0 });
    const second = await writeCatalogEntries(database.db, entries);
    expect(second).toEqual({ added: 0, updated: entries.length, issues: 0 });
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

  it("imports forgoodfirstissue's real issues as their projects' first issues, once", async () => {
    const file = fileURLToPath(
      new URL('../../../../shared/data/forgoodfirstissue/generated.json', import.meta.url),
    );
    if (!existsSync(file)) {
      console.warn(`Skipping the real issues import: ${file} is absent.`);
      return;
    }
    const { entries } = await parseCatalogPath(file);
    const listed = entries.reduce((sum, entry) => sum + entry.issues.length, 0);
    expect(listed).toBe(222);
    const first = await writeCatalogEntries(database.db, entries);
    expect(first.issues).toBe(222);
    expect((await writeCatalogEntries(database.db, entries)).issues).toBe(0);
    const stored = await database.db
      .selectFrom('issues as i')
      .innerJoin('projects as p', 'p.id', 'i.project_id')
      .select(['p.repo_ext', 'i.number', 'i.title', 'i.url', 'i.label_names', 'i.is_demo', 'i.open'])
      .where('p.repo_ext', '=', 'OpenTermsArchive/engine')
      .execute();
    expect(stored).toContainEqual({
      repo_ext: 'OpenTermsArchive/engine',
      number: 832,
      title: 'Improve documents validation message',
      url: 'https://github.com/OpenTermsArchive/engine/issues/832',
      label_names: ['good first issue'],
      is_demo: false,
      open: true,
    });
  });

  it("replaces a demo project's made-up issues with the ones a catalogue lists", async () => {
    await writeCatalogEntries(database.db, [{ ...base, repoExt: 'demo/issues' }], { isDemo: true });
    const { id } = await project('demo/issues');
    await database.db
      .insertInto('issues')
      .values({
        project_id: id,
        number: 1,
        title: 'Made up',
        url: 'https://github.com/demo/issues',
        labels: '[]',
        created_at: new Date(),
        updated_at: new Date(),
        is_demo: true,
      })
      .execute();
    const issue = {
      number: 7,
      title: 'Real one',
      url: 'https://github.com/demo/issues/issues/7',
      comments: 2,
      createdAt: new Date('2026-01-02T03:04:05Z'),
      labels: ['good first issue'],
    };
    await writeCatalogEntries(database.db, [{ ...base, repoExt: 'demo/issues', issues: [issue] }]);
    const titles = await database.db
      .selectFrom('issues')
      .select('title')
      .where('project_id', '=', id)
      .execute();
    expect(titles).toEqual([{ title: 'Real one' }]);
  });
});
