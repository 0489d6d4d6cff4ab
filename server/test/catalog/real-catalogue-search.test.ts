import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Project } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogPath } from '../../src/catalog/sources/index.js';
import { writeCatalogEntries } from '../../src/catalog/write.js';
import { createTestApp, jsonHeaders, type TestApp } from '../support/app.js';

/**
 * Search over the whole real catalogue in ../shared/data (see real-data.unit.test.ts), imported as
 * `npm run catalog:import` imports it. Skipped where that folder is absent (a fresh clone).
 */
const dataDir = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const exists = existsSync(dataDir);
if (!exists) {
  console.warn(
    `Skipping the search tests over the real catalogue: ${dataDir} is absent (it holds the public catalogues, ` +
      'which are not part of the repository). server/test/search.test.ts still runs.',
  );
}

const CATALOGUES = ['forgoodfirstissue/generated.json', 'goodfirstissue/repositories.toml', 'up-for-grabs'];

describe.skipIf(!exists)('searching the real catalogue', () => {
  let t: TestApp;
  let imported = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const catalogue of CATALOGUES) {
      const parsed = await parseCatalogPath(`${dataDir}${catalogue}`);
      const summary = await writeCatalogEntries(t.database.db, parsed.entries);
      imported += summary.added;
    }
  }, 240_000);
  afterAll(() => t?.close());

  async function firstPage(q: string): Promise<Project[]> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: jsonHeaders,
      payload: { sortField: 'relevance', order: 'DESC', page: 1, q },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it('imported the catalogue', () => {
    expect(imported).toBeGreaterThan(1500);
  });

  it('puts zulip first when searching "zulip", and finds it with a typo or a prefix', async () => {
    expect((await firstPage('zulip'))[0]?.repoExt).toBe('zulip/zulip');
    expect((await firstPage('zulip/zulip'))[0]?.repoExt).toBe('zulip/zulip');
    expect((await firstPage('Zulip'))[0]?.repoExt).toBe('zulip/zulip');
    expect((await firstPage('zulp')).map((p) => p.repoExt)).toContain('zulip/zulip');
    expect((await firstPage('zuli')).map((p) => p.repoExt)).toContain('zulip/zulip');
  });
});
