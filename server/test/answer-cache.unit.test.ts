import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../src/platform/answer-cache.js';

describe('AnswerCache', () => {
  it('answers from memory until the entry expires', async () => {
    let now = 1_000;
    let loads = 0;
    const cache = new AnswerCache<number>({ ttlMs: 100, maxEntries: 10 }, () => now);
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 1_099;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 1_101;
    expect(await cache.getOrLoad('a', load)).toBe(2);
  });

  it('lets concurrent askers of one key share one load', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const load = async () => {
      loads++;
      await gate;
      return 'shared';
    };
    const askers = Array.from({ length: 5 }, () => cache.getOrLoad('k', load));
    const other = cache.getOrLoad('other', async () => 'other');
    open();
    expect(await Promise.all(askers)).toEqual(['shared', 'shared', 'shared', 'shared', 'shared']);
    expect(await other).toBe('other');
    expect(loads).toBe(1);
    // Kept: the next asker needs no load.
    expect(await cache.getOrLoad('k', load)).toBe('shared');
    expect(loads).toBe(1);
  });

  it('gives a failed load to every asker that shared it, and keeps nothing', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const failure = new Error('database away');
    let loads = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const failing = async (): Promise<string> => {
      loads++;
      await gate;
      throw failure;
    };
    const askers = [cache.getOrLoad('k', failing), cache.getOrLoad('k', failing)];
    open();
    for (const asker of askers) await expect(asker).rejects.toBe(failure);
    expect(loads).toBe(1);
    expect(await cache.getOrLoad('k', async () => 'loaded again')).toBe('loaded again');
  });

  it('drops the least recently used entry past its size', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 1000, maxEntries: 2 });
    await cache.getOrLoad('a', async () => 'a');
    await cache.getOrLoad('b', async () => 'b');
    await cache.getOrLoad('a', async () => 'a again'); // a is now the most recent
    await cache.getOrLoad('c', async () => 'c');
    expect(await cache.getOrLoad('a', async () => 'reloaded a')).toBe('a');
    expect(await cache.getOrLoad('b', async () => 'reloaded b')).toBe('reloaded b');
  });

  it('does not keep an answer loaded across a clear (it may predate the write)', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let finish!: (value: string) => void;
    const pending = cache.getOrLoad('k', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    finish('old');
    expect(await pending).toBe('old');
    expect(await cache.getOrLoad('k', async () => 'new')).toBe('new');
  });

  it('does not let an asker after a clear join a load that began before it', async () => {
    const cache = new AnswerCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let finish!: (value: string) => void;
    const before = cache.getOrLoad('k', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    const after = cache.getOrLoad('k', async () => 'new');
    finish('old');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.getOrLoad('k', async () => 'newer')).toBe('new');
  });

  it('caches nothing with a ttl of 0', async () => {
    let loads = 0;
    const cache = new AnswerCache<number>({ ttlMs: 0, maxEntries: 10 });
    await cache.getOrLoad('a', async () => ++loads);
    await cache.getOrLoad('a', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});
