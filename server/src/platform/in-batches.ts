/**
 * Calls `each` on every item, `size` at a time, letting the event loop turn between batches (`setImmediate`):
 * I/O and timers that came due meanwhile run before the next batch, so a pass over thousands of items does not
 * hold them up for its whole length.
 */
export async function inBatches<T>(
  items: readonly T[],
  size: number,
  each: (item: T) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    items.slice(start, start + size).forEach(each);
  }
}
