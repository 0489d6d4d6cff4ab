/**
 * A first-come, first-served lock. PGlite is one connection: two transactions sent to it at once would
 * interleave their statements, so every use of that connection holds this lock for its whole duration.
 */
export class Lock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => released);
    return acquired;
  }
}
