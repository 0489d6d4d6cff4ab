import type { LanguagesResponse, Project, TopicSearchResponse } from '@openlfg/contracts';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareEntry, type CatalogEntry } from '../src/catalog/sources/index.js';
import { createSyncRepository } from '../src/catalog/sync/repository.js';
import { writeCatalogEntries } from '../src/catalog/write.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { migrations } from '../src/platform/db/migrations/index.js';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { createTestDatabase } from './support/database.js';

let t: TestApp;

/** A crowd of projects on common topics, so the rare ones have to be searched for. */
const CROWD = 120;
const entry = (repoExt: string, fields: Partial<CatalogEntry>): CatalogEntry => ({
  ...bareEntry(repoExt, 'test'),
  ...fields,
});

beforeAll(async () => {
  t = await createTestApp();
  await writeCatalogEntries(t.database.db, [
    ...Array.from({ length: CROWD }, (_, i) =>
      entry(`crowd/p${i}`, { topics: [`common-${i % 40}`, 'web'], language: i % 2 === 0 ? 'Rust' : null }),
    ),
    entry('react/a', { topics: ['ReactJS', 'web'] }),
    entry('react/b', { topics: ['react.js'] }),
    entry('react/c', { topics: ['react', 'React.js'] }),
    entry('zmq/zeromq', { topics: ['zeromq', 'messaging'] }),
    entry('py/derived', { topics: ['web', 'Python3', 'html'] }),
    entry('py/real', { topics: ['python'], language: 'Python' }),
    entry('go/cli', { topics: ['Golang', 'cli'] }),
  ]);
  t.app.catalogueChanged();
});
afterAll(() => t.close());

const search = async (query: string): Promise<TopicSearchResponse> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects/topic-search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (found: TopicSearchResponse) => found.map((item) => item.topic);

async function listed(topics: string[]): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: jsonHeaders,
    payload: { sortField: 'name', order: 'ASC', page: 1, filters: { topics } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((project: Project) => project.repoExt);
}

describe('one name per topic', () => {
  it('merges the aliases of a topic on import, keeping each project once', async () => {
    const rows = await t.database.db
      .selectFrom('projects')
      .select(['repo_ext', 'topics'])
      .where('repo_ext', 'like', 'react/%')
      .orderBy('repo_ext')
      .execute();
    expect(rows).toEqual([
      { repo_ext: 'react/a', topics: ['react', 'web'] },
      { repo_ext: 'react/b', topics: ['react'] },
      { repo_ext: 'react/c', topics: ['react'] },
    ]);
  });

  it('filters by an alias as by the canonical name', async () => {
    expect(await listed(['reactjs'])).toEqual(['react/a', 'react/b', 'react/c']);
    expect(await listed(['react-js', 'web'])).toEqual(['react/a']);
  });
});

describe('GET /api/projects/topic-search', () => {
  it('finds a topic one project among many carries, by its first letters', async () => {
    const found = await search('q=zer');
    expect(found[0]).toEqual({ topic: 'zeromq', count: 1 });
  });

  it('finds it by a near miss', async () => {
    expect(names(await search('q=zeromg'))).toContain('zeromq');
    expect(names(await search('q=zero-mq'))).toContain('zeromq');
  });

  it('answers the canonical name for an alias, first, and for the start of one', async () => {
    expect(await search('q=ReactJS')).toEqual([{ topic: 'react', count: 3 }]);
    expect(names(await search('q=golan'))[0]).toBe('go');
    expect((await search('q=react.js'))[0]).toEqual({ topic: 'react', count: 3 });
  });

  it('puts prefix matches most used first, and caps the answer at the limit', async () => {
    const found = await search('q=comm&limit=5');
    expect(found).toHaveLength(5);
    expect(found.every((item) => item.topic.startsWith('common-'))).toBe(true);
    expect(found.map((item) => item.count)).toEqual([3, 3, 3, 3, 3]);
  });

  it('answers the most used topics when nothing is typed, and nothing for what no topic could be', async () => {
    expect((await search(''))[0]).toEqual({ topic: 'web', count: CROWD + 2 });
    expect(await search('limit=2')).toHaveLength(2);
    expect(await search('q=%21%3F')).toEqual([]);
  });

  it.each([['limit=0'], ['limit=51'], ['q=a%01b'], ['q=' + 'x'.repeat(101)], ['other=1']])(
    'refuses %s with a 400',
    async (query) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/projects/topic-search?${query}` });
      expect(res.statusCode).toBe(400);
    },
  );

  it('keeps its counts exact as projects are added, retagged and removed', async () => {
    await writeCatalogEntries(t.database.db, [entry('zmq/second', { topics: ['ZeroMQ'] })]);
    await t.database.db
      .updateTable('projects')
      .set({ topics: ['messaging'] })
      .where('repo_ext', '=', 'zmq/zeromq')
      .execute();
    t.app.catalogueChanged();
    expect((await search('q=zeromq'))[0]).toEqual({ topic: 'zeromq', count: 1 });
    await t.database.db.deleteFrom('projects').where('repo_ext', '=', 'zmq/second').execute();
    t.app.catalogueChanged();
    expect(names(await search('q=zeromq'))).not.toContain('zeromq');
    const counted = await sql<{ topic: string; projects: number }>`
      select topic, count(*)::int as projects from projects, unnest(topics) as topic group by topic
      order by topic`.execute(t.database.db);
    const kept = await t.database.db.selectFrom('topic_counts').selectAll().orderBy('topic').execute();
    expect(kept).toEqual(counted.rows);
  });
});

describe('languages', () => {
  const project = (repoExt: string) =>
    t.database.db
      .selectFrom('projects')
      .select(['language', 'language_derived'])
      .where('repo_ext', '=', repoExt)
      .executeTakeFirstOrThrow();

  it('derives a language from a topic that names one, marked derived, and keeps a real one', async () => {
    expect(await project('py/derived')).toEqual({ language: 'Python', language_derived: true });
    expect(await project('py/real')).toEqual({ language: 'Python', language_derived: false });
    expect(await project('react/a')).toEqual({ language: null, language_derived: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: jsonHeaders,
      payload: { sortField: 'name', order: 'ASC', page: 1, filters: { languages: ['Python'] } },
    });
    expect(res.json().data.map((p: Project) => [p.repoExt, p.languageDerived])).toEqual([
      ['py/derived', true],
      ['py/real', false],
    ]);
  });

  it('says how many projects have a known language, and how many of each only from a topic', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/languages' });
    const answer: LanguagesResponse = res.json();
    const total = await t.database.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(answer.total).toBe(Number(total.n));
    expect(answer.known).toBe(CROWD / 2 + 3);
    expect(answer.languages).toEqual([
      { language: 'Rust', count: CROWD / 2, derived: 0 },
      { language: 'Python', count: 2, derived: 1 },
      { language: 'Go', count: 1, derived: 1 },
    ]);
  });

  it('gives way to the real language, from a catalogue or the sync, and never the other way', async () => {
    await writeCatalogEntries(t.database.db, [entry('py/derived', { language: 'Go' })]);
    expect(await project('py/derived')).toEqual({ language: 'Go', language_derived: false });
    await writeCatalogEntries(t.database.db, [entry('py/derived', { topics: ['python'] })]);
    expect(await project('py/derived')).toEqual({ language: 'Go', language_derived: false });

    await writeCatalogEntries(t.database.db, [entry('sync/me', { topics: ['typescript'] })]);
    expect(await project('sync/me')).toEqual({ language: 'TypeScript', language_derived: true });
    const sync = createSyncRepository(t.database.db);
    const run = await sync.startRun(null);
    const { id } = await t.database.db
      .selectFrom('projects')
      .select('id')
      .where('repo_ext', '=', 'sync/me')
      .executeTakeFirstOrThrow();
    const figures = {
      stars: 1,
      forks: 0,
      archived: false,
      lastPushAt: null,
      description: null,
      license: null,
      topics: ['typescript'],
      openIssues: 0,
      beginnerIssues: 0,
      issues: null,
    };
    const write = (language: string | null) =>
      sync.writeBatch({
        runId: run.id,
        refreshed: [{ id, figures: { ...figures, language }, contributors: null, usedBy: null }],
        failures: [],
        failedIds: [],
        unreachableIds: [],
        synced: 1,
        failed: 0,
        budgets: {
          githubRemaining: null,
          githubResetAt: null,
          graphqlRemaining: null,
          graphqlResetAt: null,
          ecosystemsRemaining: null,
        },
      });
    // GitHub detected no language: the derived one stays.
    await write(null);
    expect(await project('sync/me')).toEqual({ language: 'TypeScript', language_derived: true });
    await write('JavaScript');
    expect(await project('sync/me')).toEqual({ language: 'JavaScript', language_derived: false });
  });
});

describe('migration 0010 on a catalogue already stored', () => {
  it('rewrites stored topics under their canonical names, counts them and derives languages', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrations },
        ...(database.schema ? { migrationTableSchema: database.schema } : {}),
      });
      const before = await migrator.migrateTo('0008_message_group_key');
      expect(before.error).toBeUndefined();
      await sql`insert into users (github_id, login) values (1, 'owner')`.execute(database.db);
      await sql`insert into projects (repo_ext, name, topics, language) values
                  ('a/one', 'one', '{reactjs,web,react.js,c#}', null),
                  ('a/two', 'two', '{react,node.js,nodejs}', 'JavaScript'),
                  ('a/three', 'three', '{golang}', null)`.execute(database.db);
      await sql`insert into group_projects (title, description, topics, skill_level, visibility, owner_id)
                values ('g', 'd', '{vue.js,vuejs,web}', 'Beginner', 'public',
                        (select id from users where login = 'owner'))`.execute(database.db);

      await migrateToLatest(database.db, { schema: database.schema });

      const projects = await sql<{ repo_ext: string; topics: string[]; language: string | null }>`
        select repo_ext, topics, language, language_derived from projects order by id`.execute(database.db);
      expect(projects.rows).toEqual([
        { repo_ext: 'a/one', topics: ['react', 'web', 'csharp'], language: 'C#', language_derived: true },
        { repo_ext: 'a/two', topics: ['react', 'nodejs'], language: 'JavaScript', language_derived: false },
        { repo_ext: 'a/three', topics: ['go'], language: 'Go', language_derived: true },
      ]);
      const groups = await sql<{ topics: string[] }>`select topics from group_projects`.execute(database.db);
      expect(groups.rows).toEqual([{ topics: ['vue', 'web'] }]);
      const counts = await sql`select topic, projects from topic_counts order by topic`.execute(database.db);
      expect(counts.rows).toEqual([
        { topic: 'csharp', projects: 1 },
        { topic: 'go', projects: 1 },
        { topic: 'nodejs', projects: 1 },
        { topic: 'react', projects: 2 },
        { topic: 'web', projects: 1 },
      ]);
    } finally {
      await database.dispose();
    }
  });
});
