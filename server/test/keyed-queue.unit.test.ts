import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyedQueue, QueueWaitTimeoutError } from '../src/platform/keyed-queue.js';

/** A task the test finishes by hand, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    task: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

/** Lets settled promises run their callbacks. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('KeyedQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one task at a time per key, in the order they came', async () => {
    const queue = new KeyedQueue({ maxWaitMs: 1000 });
    const log: string[] = [];
    const [a, b, c] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c')];
    const results = [queue.run('room', a.task), queue.run('room', b.task), queue.run('room', c.task)];
    await settle();
    expect(log).toEqual(['start a']);
    expect(queue.waitingFor('room')).toBe(2);
    a.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    await settle();
    c.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'start b', 'start c']);
  });

  it('runs up to its concurrency per key at once, the next in order as each ends', async () => {
    const queue = new KeyedQueue({ maxWaitMs: 1000, concurrency: 2 });
    const log: string[] = [];
    const [a, b, c, d] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c'), gate(log, 'd')];
    const results = [a, b, c, d].map((g) => queue.run('room', g.task));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.waitingFor('room')).toBe(2);
    b.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    a.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    c.finish();
    d.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.activeKeys).toBe(0);
  });

  it('runs tasks of different keys side by side', async () => {
    const queue = new KeyedQueue({ maxWaitMs: 1000 });
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const results = [queue.run('room-1', a.task), queue.run('room-2', b.task)];
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    a.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b']);
  });

  it('gives up on a task that waited its bound, which then never runs, and lets the later ones keep their place', async () => {
    const queue = new KeyedQueue({ maxWaitMs: 1000 });
    const log: string[] = [];
    const [a, b, c] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c')];
    const first = queue.run('room', a.task);
    const second = queue.run('room', b.task);
    const secondFailed = expect(second).rejects.toBeInstanceOf(QueueWaitTimeoutError);
    await vi.advanceTimersByTimeAsync(500);
    const third = queue.run('room', c.task);
    await vi.advanceTimersByTimeAsync(500);
    await secondFailed;
    expect(queue.waitingFor('room')).toBe(1);
    a.finish();
    await settle();
    expect(log).toEqual(['start a', 'start c']);
    c.finish();
    expect(await Promise.all([first, third])).toEqual(['a', 'c']);
  });

  it('never cuts a task that has started, however long it runs', async () => {
    const queue = new KeyedQueue({ maxWaitMs: 100 });
    const log: string[] = [];
    const a = gate(log, 'a');
    const result = queue.run('room', a.task);
    await vi.advanceTimersByTimeAsync(10_000);
    a.finish();
    expect(await result).toBe('a');
  });

  it('hands the turn on when a task fails, and passes its error to its caller', async () => {
    const queue = new KeyedQueue({ maxWaitMs: 1000 });
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const first = queue.run('room', a.task);
    const firstFailed = expect(first).rejects.toThrow('lock timeout');
    const second = queue.run('room', b.task);
    a.fail(new Error('lock timeout'));
    await firstFailed;
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    expect(await second).toBe('b');
  });

  it('hands the turn on when a task throws before returning a promise', async () => {
    const queue = new KeyedQueue({ maxWaitMs: 1000 });
    await expect(
      queue.run('room', () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(await queue.run('room', async () => 'next')).toBe('next');
  });

  it('forgets a key once nothing runs or waits under it', async () => {
    const queue = new KeyedQueue({ maxWaitMs: 100 });
    const log: string[] = [];
    const a = gate(log, 'a');
    const first = queue.run('room', a.task);
    const timedOut = expect(queue.run('room', async () => 'never')).rejects.toBeInstanceOf(
      QueueWaitTimeoutError,
    );
    await vi.advanceTimersByTimeAsync(100);
    await timedOut;
    expect(queue.activeKeys).toBe(1);
    a.finish();
    await first;
    expect(queue.activeKeys).toBe(0);
  });
});
