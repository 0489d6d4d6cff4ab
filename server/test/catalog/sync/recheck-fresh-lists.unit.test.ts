import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/platform/db/database.js';
import { createMemoryBus } from '../../../src/platform/bus/memory-bus.js';
import { createIssueRecheck, RECHECK_AFTER_MS } from '../../../src/catalog/sync/recheck.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');

/** A database that fails any use: what the recheck does with it shows whether it read at all. */
const untouchable = {
  db: new Proxy(
    {},
    {
      get: () => {
        throw new Error('the recheck read the database');
      },
    },
  ),
} as unknown as Pick<Database, 'db'>;

function recheckWithSpy() {
  const warn = vi.fn();
  const recheck = createIssueRecheck({
    database: untouchable,
    bus: createMemoryBus(() => undefined),
    github: {
      apiUrl: 'http://127.0.0.1:9',
      graphqlUrl: 'http://127.0.0.1:9/graphql',
      timeoutMs: 100,
      token: 't',
    },
    perHour: 100,
    log: { warn } as unknown as FastifyBaseLogger,
    now: () => NOW,
  });
  return { recheck, warn };
}

const at = (msAgo: number) => new Date(NOW - msAgo);

describe('a finder list and the recheck on view', () => {
  it('costs nothing when every listed issue is fresh or a demo issue: not even a read', async () => {
    const { recheck, warn } = recheckWithSpy();
    recheck.issues([
      { id: 1, isDemo: false, syncedAt: at(RECHECK_AFTER_MS - 1000), checkedAt: null },
      // Synced long ago but rechecked a minute ago: fresh.
      { id: 2, isDemo: false, syncedAt: at(10 * RECHECK_AFTER_MS), checkedAt: at(60_000) },
      // Demo issues are never asked about, however old.
      { id: 3, isDemo: true, syncedAt: at(10 * RECHECK_AFTER_MS), checkedAt: null },
    ]);
    await recheck.settled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads and asks when one listed issue is stale', async () => {
    const { recheck, warn } = recheckWithSpy();
    recheck.issues([
      { id: 1, isDemo: false, syncedAt: at(60_000), checkedAt: null },
      { id: 2, isDemo: false, syncedAt: at(RECHECK_AFTER_MS + 1000), checkedAt: null },
    ]);
    await recheck.settled();
    // The stand-in database refused the read: the recheck tried, and logged its failure.
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message: 'the recheck read the database' }) }),
      'rechecking issues with GitHub failed',
    );
  });
});
