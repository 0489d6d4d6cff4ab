import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../src/platform/answer-cache.js';

describe('AnswerCache', () => {
  it('answers from memory until the entry expires', async () => {
    let now = 0;
    let loads = 0;
    const cache = new AnswerCache<number>({ ttlMs: 100, maxEntries: 10 }, () => now);
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 99;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 100;
    expect(await cache.getOrLoad('a', load)).toBe(2);
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

  it('caches nothing with a ttl of 0', async () => {
    let loads = 0;
    const cache = new AnswerCache<number>({ ttlMs: 0, maxEntries: 10 });
    await cache.getOrLoad('a', async () => ++loads);
    await cache.getOrLoad('a', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});
