/**
 * A token bucket per key (a user, or an address for anonymous sockets): `burst` frames at once, refilled at
 * `perSecond`. Shared by every socket of the key on this node, so opening more sockets does not buy more.
 */
export class FloodLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one token; false when the key is over its limit. */
  take(key: string): boolean {
    const at = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((at - bucket.at) / 1000) * this.perSecond);
    bucket.at = at;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull();
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Full buckets carry no information: dropping them keeps the map as small as the set of busy keys. */
  private forgetFull(): void {
    const at = this.now();
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((at - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key);
    }
  }
}
