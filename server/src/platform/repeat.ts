/**
 * Runs `task` every `everyMs` on a timer that never keeps the process up (unref'd), the next run only once the
 * previous has finished, so runs never overlap. `task` may answer a shorter delay before its next run (a
 * backlog to drain). A run that fails is handed to `onError` and the next one comes as usual. Answers the stop.
 */
export function repeatEvery(
  task: () => Promise<number | undefined>,
  everyMs: number,
  onError: (error: unknown) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => void run(), delayMs);
    timer.unref();
  };
  const run = async () => {
    let next: number | undefined;
    try {
      next = await task();
    } catch (error) {
      onError(error);
    }
    if (!stopped) schedule(next ?? everyMs);
  };
  schedule(everyMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
