// The sync tells the alerts for new issues of exactly the issues it stores for the first time, in its batch.
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../../src/platform/db/schema.js';
import { isSyncReport } from '../../../src/catalog/sync/run.js';
import type { FakeGraphQLIssue } from '../../support/fake-github.js';
import { repository, useSyncWorld } from './support.js';

const t = useSyncWorld();

const issue = (number: number): FakeGraphQLIssue => ({
  number,
  title: `Issue ${number}`,
  labels: ['good first issue'],
  createdAt: new Date(Date.now() - number * 60_000).toISOString(),
});

describe('the sync and alerts for new issues', () => {
  it('passes the ids of issues not stored before, inside the batch transaction, and pushes after it', async () => {
    await t.seed(['acme/widgets']);
    const told: { numbers: number[]; pushed: boolean }[] = [];
    const alertNewIssues = async (trx: Transaction<DB>, ids: readonly number[]) => {
      // Read in the batch's transaction: the new rows are there, not yet committed.
      const rows = ids.length
        ? await trx
            .selectFrom('issues')
            .select('number')
            .where('id', 'in', [...ids])
            .orderBy('number')
            .execute()
        : [];
      const call = { numbers: rows.map((row) => row.number), pushed: false };
      told.push(call);
      return () => {
        call.pushed = true;
      };
    };

    t.world.github.repositories.set('acme/widgets', { ...repository(1), issues: [issue(1), issue(2)] });
    expect(isSyncReport(await t.sync({ alertNewIssues }))).toBe(true);
    expect(told).toEqual([{ numbers: [1, 2], pushed: true }]);

    // Issue 1 again (refreshed), issue 3 new: only 3 is new.
    told.length = 0;
    t.world.github.repositories.set('acme/widgets', { ...repository(1), issues: [issue(1), issue(3)] });
    expect(isSyncReport(await t.sync({ alertNewIssues }))).toBe(true);
    expect(told).toEqual([{ numbers: [3], pushed: true }]);
  });
});
