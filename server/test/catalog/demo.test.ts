import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../src/catalog/demo.js';
import { createIssuesRepository } from '../../src/issues/repository.js';
import { createIssueFinderService } from '../../src/issues/service.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('seedDemoCatalogue', () => {
  it('fills an empty catalogue once, every row marked as demo, even when nodes start together', async () => {
    const counts = await Promise.all([seedDemoCatalogue(database.db), seedDemoCatalogue(database.db)]);
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    const rows = await database.db
      .selectFrom('projects')
      .select(['is_demo', 'contributors', 'repo_ext'])
      .execute();
    expect(rows.length).toBe(Math.max(...counts));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.every((r) => r.is_demo && r.contributors !== null)).toBe(true);
    expect(rows.map((r) => r.repo_ext)).toContain('facebook/react');
    expect(await seedDemoCatalogue(database.db)).toBe(0);
  });

  it('gives the demo projects demo issues in every taken state, so the finder works from the start', async () => {
    const finder = createIssueFinderService({
      repository: createIssuesRepository(database.db),
      publicRepos: async () => [],
    });
    const seen = new Map<string, string>();
    let cursor: string | undefined;
    do {
      const page = await finder.list({ notTaken: false, ...(cursor ? { cursor } : {}) }, null);
      for (const issue of page.data) {
        expect(issue.isDemo).toBe(true);
        seen.set(issue.taken.state, issue.taken.reason);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect([...seen.keys()].sort()).toEqual([
      'assigned',
      'claim_comment',
      'claimed_here',
      'free',
      'pull_request',
    ]);
    expect(seen.get('claimed_here')).toBe('claimed on OpenLFG by @openlfg-demo 3 days ago');
    const free = await finder.list({}, null);
    expect(free.data.length).toBeGreaterThan(0);
    expect(free.data.every((issue) => issue.taken.state === 'free')).toBe(true);
    expect(
      free.data.some((issue) => issue.responsiveness.text.startsWith('maintainers usually answer')),
    ).toBe(true);
  });
});
