import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../src/catalog/demo.js';
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
});
