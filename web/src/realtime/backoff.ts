const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * How long to wait before reconnect attempt number `attempt` (0 for the first): doubling from one second up to
 * thirty, each delay drawn between half and all of that ("equal jitter"), so that every tab of a restarted
 * server does not come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
