import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LanguagesResponse, TopicSearchResponse } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Fields from '../../src/catalog/sources/fields.js';
import { parseCatalogPath, repoKey } from '../../src/catalog/sources/index.js';
import { writeCatalogEntries } from '../../src/catalog/write.js';
import { createTestApp, type TestApp } from '../support/app.js';

/**
 * The whole real catalogue (../shared/data, see its README.md), imported as `npm run catalog:import` imports it:
 * what a new user finds in the topic box and the language filter. Skipped on a fresh clone, where the folder is
 * absent.
 */
const dataDir = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const exists = existsSync(dataDir);
if (!exists) {
  console.warn(
    `Skipping the topic tests over the real catalogue: ${dataDir} is absent (it holds the public catalogues, ` +
      'which are not part of the repository).',
  );
}
const catalogues = [
  'up-for-grabs',
  'forgoodfirstissue/generated.json',
  'goodfirstissue/repositories.toml',
].map((name) => `${dataDir}${name}`);

/** The catalogues' own topics, only lowercased, as a project would keep them after the import (last non-empty). */
async function rawTopicsByRepository(): Promise<Map<string, string[]>> {
  vi.resetModules();
  vi.doMock('../../src/catalog/sources/fields.js', async (importOriginal) => ({
    ...(await importOriginal<typeof Fields>()),
    normaliseTopics: (values: readonly unknown[]) =>
      values
        .filter((value): value is string => typeof value === 'string')
        .map((value) => value.toLowerCase()),
  }));
  const raw = await import('../../src/catalog/sources/index.js');
  vi.doUnmock('../../src/catalog/sources/fields.js');
  const topics = new Map<string, string[]>();
  for (const catalogue of catalogues) {
    for (const entry of (await raw.parseCatalogPath(catalogue)).entries) {
      if (entry.topics.length > 0 || !topics.has(repoKey(entry.repoExt))) {
        topics.set(repoKey(entry.repoExt), entry.topics);
      }
    }
  }
  return topics;
}

describe.skipIf(!exists)('the topics of the real catalogue, imported', () => {
  let t: TestApp;
  let raw: Map<string, string[]>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const catalogue of catalogues) {
      await writeCatalogEntries(t.database.db, (await parseCatalogPath(catalogue)).entries);
    }
    t.app.catalogueChanged();
    raw = await rawTopicsByRepository();
  }, 240_000);
  afterAll(() => t?.close());

  const topicsOf = async () =>
    new Map(
      (await t.database.db.selectFrom('projects').select(['repo_ext', 'topics']).execute()).map((row) => [
        repoKey(row.repo_ext),
        row.topics,
      ]),
    );

  it('imports every repository once', async () => {
    expect((await topicsOf()).size).toBe(raw.size);
    expect(raw.size).toBe(1903);
  });

  it('files every former reactjs and react.js project under react, and leaves no alias behind', async () => {
    const stored = await topicsOf();
    const former = [...raw].filter(([, topics]) => topics.includes('reactjs') || topics.includes('react.js'));
    expect(former.length).toBeGreaterThanOrEqual(84);
    for (const [repo] of former) expect(stored.get(repo), repo).toContain('react');
    const everyTopic = new Set([...stored.values()].flat());
    for (const alias of [
      'reactjs',
      'react.js',
      'node.js',
      'vuejs',
      'vue.js',
      'golang',
      'c#',
      'c++',
      '.net',
    ]) {
      expect(everyTopic.has(alias), alias).toBe(false);
    }
    const search = await t.app.inject({ method: 'GET', url: '/api/projects/topic-search?q=reactjs' });
    const react = (search.json() as TopicSearchResponse)[0];
    expect(react?.topic).toBe('react');
    expect(react?.count).toBe([...stored.values()].filter((topics) => topics.includes('react')).length);
  });

  it('finds zeromq, which only a few projects carry, by the topic search', async () => {
    for (const q of ['zero', 'zeromq', 'zeromg']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/projects/topic-search?q=${q}` });
      expect(
        (res.json() as TopicSearchResponse).map((item) => item.topic),
        q,
      ).toContain('zeromq');
    }
  });

  it('derives Python for the projects tagged python that came without a language, and says how many know one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/languages' });
    const answer: LanguagesResponse = res.json();
    const python = answer.languages.find((item) => item.language === 'Python');
    const tagged = [...(await topicsOf()).values()].filter((topics) => topics.includes('python')).length;
    expect(tagged).toBeGreaterThanOrEqual(185);
    // Before, only the 14 projects whose catalogue named Python had it.
    expect(python?.count).toBeGreaterThan(150);
    expect((python?.count ?? 0) - (python?.derived ?? 0)).toBeLessThanOrEqual(14);
    expect(answer.total).toBe(1903);
    expect(answer.known).toBe(answer.languages.reduce((sum, item) => sum + item.count, 0));
    expect(answer.known).toBeGreaterThan(1000);
    console.warn(
      `Real catalogue: ${answer.known} of ${answer.total} projects have a known language; ` +
        `Python ${python?.count} (${python?.derived} from topics), ${tagged} tagged python.`,
    );
  });
});
