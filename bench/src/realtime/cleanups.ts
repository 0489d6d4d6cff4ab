/**
 * What the realtime bench has started and must undo (nodes, sockets, connections, the PostgreSQL server, the A/B
 * bench's worktree), newest first. A run marks where its own steps begin and unwinds to there when it ends, so
 * the A/B bench's runs each leave nothing behind for the next; Ctrl-C unwinds everything.
 */
export class Cleanups {
  private readonly steps: (() => Promise<void>)[] = [];

  push(step: () => Promise<void>): void {
    this.steps.push(step);
  }

  /** A mark to unwind to: the steps pushed after it are the caller's. */
  get mark(): number {
    return this.steps.length;
  }

  /** Runs and forgets the steps pushed since `mark`, newest first; a failing step is logged, the rest still run. */
  async unwind(mark = 0): Promise<void> {
    while (this.steps.length > mark) {
      const step = this.steps.pop();
      await step?.().catch((error: unknown) => console.error(error));
    }
  }
}

/**
 * Runs `work` with a stack of cleanups that unwinds when it ends, however it ends, and on SIGINT or SIGTERM
 * (then the process exits, 130).
 */
export async function withCleanups<T>(what: string, work: (cleanups: Cleanups) => Promise<T>): Promise<T> {
  const cleanups = new Cleanups();
  const onSignal = () => {
    console.error(`\n${what} interrupted: cleaning up`);
    void cleanups.unwind().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await work(cleanups);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanups.unwind();
  }
}
