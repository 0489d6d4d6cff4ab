/** A task that waited its whole bound for its key's turn; it never ran. */
export class QueueWaitTimeoutError extends Error {
  constructor(
    readonly key: string,
    readonly waitedMs: number,
  ) {
    super(`gave up after waiting ${waitedMs} ms for the turn of ${JSON.stringify(key)}`);
    this.name = 'QueueWaitTimeoutError';
  }
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

/** A key in use: how many of its tasks run now, and those waiting for a turn, first come first. */
interface KeyState {
  running: number;
  waiting: Waiter[];
}

/**
 * Runs at most `concurrency` tasks at a time per key (default 1: one at a time), first come first served, and
 * different keys side by side. A task waits for its turn at most `maxWaitMs`, then fails with
 * QueueWaitTimeoutError without running; a task that has started is never cut (whatever it waits on must bound
 * itself). A key with nothing running or waiting is forgotten, so memory follows the keys in use, not every key
 * ever seen.
 */
export class KeyedQueue {
  private readonly keys = new Map<string, KeyState>();
  private readonly concurrency: number;

  constructor(private readonly options: { maxWaitMs: number; concurrency?: number }) {
    this.concurrency = Math.max(1, options.concurrency ?? 1);
  }

  /** Keys with a task running (and perhaps more waiting). */
  get activeKeys(): number {
    return this.keys.size;
  }

  /** Tasks waiting for their turn under `key`, not counting those running. */
  waitingFor(key: string): number {
    return this.keys.get(key)?.waiting.length ?? 0;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let state = this.keys.get(key);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.keys.set(key, state);
    }
    if (state.running < this.concurrency) {
      state.running += 1;
      return this.runTurn(key, task);
    }
    const { waiting } = state;
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.runTurn(key, task).then(resolve, reject);
        },
        timer: setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(new QueueWaitTimeoutError(key, this.options.maxWaitMs));
        }, this.options.maxWaitMs),
      };
      waiting.push(waiter);
    });
  }

  private async runTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      this.next(key);
    }
  }

  /** Hands the ended task's turn to the next waiter, or forgets the key when nothing runs or waits. */
  private next(key: string): void {
    const state = this.keys.get(key);
    if (!state) return;
    const waiter = state.waiting.shift();
    if (waiter) {
      waiter.start();
      return;
    }
    state.running -= 1;
    if (state.running === 0) this.keys.delete(key);
  }
}
