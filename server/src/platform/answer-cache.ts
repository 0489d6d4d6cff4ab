/**
 * A small in-process cache for answers that do not depend on who asks (project lists, topics). Bounded in
 * size (least recently used goes first) and in age; `clear()` on every write that changes what it holds.
 * Each node keeps its own, so on several nodes an answer may trail a write made elsewhere by at most `ttlMs`.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number },
    private readonly now: () => number = Date.now,
  ) {}

  async getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
    if (this.options.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      // Re-insert to mark as most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const generation = this.generation;
    const value = await load();
    // A write that cleared the cache while this load ran may have made `value` stale: do not keep it.
    if (generation === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
      while (this.entries.size > this.options.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.entries.delete(oldest);
      }
    }
    return value;
  }

  private generation = 0;

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
