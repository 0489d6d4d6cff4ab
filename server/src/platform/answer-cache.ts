import { LRUCache } from 'lru-cache';

type Load<T> = () => Promise<T>;

/**
 * A small in-process cache for answers that do not depend on who asks (project lists, topics), on lru-cache.
 * Bounded in size (least recently used goes first) and in age; `clear()` on every write that changes what it
 * holds. Concurrent askers of one key share one load. Each node keeps its own, so on several nodes an answer
 * may trail a write made elsewhere by at most `ttlMs`.
 */
export class AnswerCache<T extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, T, Load<T>>;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number },
    /** A clock in milliseconds; by default lru-cache's, `performance`. */
    now?: () => number,
  ) {
    this.entries = new LRUCache<string, T, Load<T>>({
      max: options.maxEntries,
      ttl: Math.max(0, options.ttlMs),
      ...(now ? { perf: { now } } : {}),
      // The clock is read at every look-up (not once a millisecond), so a test's clock can move between calls.
      ttlResolution: 0,
      // The asker's own load, passed as the fetch's context; the first asker's is the one that runs.
      fetchMethod: (_key, _stale, { context }) => context(),
      // A clear() while a load runs does not fail its askers: they get the answer, which is not kept, since
      // it may predate the write.
      ignoreFetchAbort: true,
    });
  }

  getOrLoad(key: string, load: Load<T>): Promise<T> {
    // lru-cache reads a ttl of 0 as "never expires"; here it means "cache nothing".
    if (this.options.ttlMs <= 0) return load();
    return this.entries.forceFetch(key, { context: load });
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
