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

/**
 * Runs tasks one at a time per key, first come first served, and different keys side by side. A task waits
 * for its turn at most `maxWaitMs`, then fails with QueueWaitTimeoutError without running; a task that has
 * started is never cut (whatever it waits on must bound itself). A key with nothing running or waiting is
 * forgotten, so memory follows the keys in use, not every key ever seen.
 */
export class KeyedQueue {
  /** Per key in use: the tasks waiting behind the one running. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(private readonly options: { maxWaitMs: number }) {}

  /** Keys with a task running (and perhaps more waiting). */
  get activeKeys(): number {
    return this.waiting.size;
  }

  /** Tasks waiting for their turn under `key`, not counting the one running. */
  waitingFor(key: string): number {
    return this.waiting.get(key)?.length ?? 0;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const queue = this.waiting.get(key);
    if (!queue) {
      this.waiting.set(key, []);
      return this.runTurn(key, task);
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.runTurn(key, task).then(resolve, reject);
        },
        timer: setTimeout(() => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(new QueueWaitTimeoutError(key, this.options.maxWaitMs));
        }, this.options.maxWaitMs),
      };
      queue.push(waiter);
    });
  }

  private async runTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      this.next(key);
    }
  }

  /** Hands the key's turn to the next waiter, or forgets the key when nobody waits. */
  private next(key: string): void {
    const queue = this.waiting.get(key);
    const waiter = queue?.shift();
    if (waiter) waiter.start();
    else this.waiting.delete(key);
  }
}
