/**
 * Resolves in a task of its own, so the browser can answer input and paint before the work that follows
 * (`scheduler.yield()` where the browser has it, which goes ahead of other waiting tasks; a zero timeout
 * elsewhere). Work split so stays under the 50 ms that makes a task "long" on a slow phone.
 */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
