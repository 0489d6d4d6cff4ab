import { ErrorCode, type PublicRepo } from '@openlfg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../src/catalog/demo.js';
import { createIssuesRepository } from '../src/issues/repository.js';
import { createIssueFinderService } from '../src/issues/service.js';
import { HttpError } from '../src/platform/http/errors.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoCatalogue(database.db);
});
afterAll(() => database.dispose());

const typescript: PublicRepo = {
  name: 'app',
  fullName: 'mia/app',
  url: 'https://github.com/mia/app',
  description: null,
  language: 'TypeScript',
  stars: 0,
};

describe('best for you when GitHub could not be asked', () => {
  it('serves the newest for a minute, then ranks once GitHub answers again', async () => {
    let reachable = false;
    let clock = Date.now();
    const finder = createIssueFinderService({
      repository: createIssuesRepository(database.db),
      publicRepos: () =>
        reachable
          ? Promise.resolve([typescript])
          : Promise.reject(new HttpError(502, ErrorCode.upstream, 'GitHub could not be reached.')),
      now: () => new Date(clock),
    });
    const mia = { id: 1 };
    const whys = async () =>
      (await finder.list({ sort: 'best_for_you', notTaken: false }, mia)).data.map((issue) => issue.why);

    expect((await whys()).every((why) => why === null)).toBe(true);
    reachable = true;
    // Within the minute, the unranked answer stands: GitHub is not asked on every page.
    clock += 30_000;
    expect((await whys()).every((why) => why === null)).toBe(true);

    clock += 31_000;
    expect(await whys()).toContain('you write TypeScript');
  });
});
