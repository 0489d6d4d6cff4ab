import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { isSyncReport, NO_TOKEN_MESSAGE, runCatalogueSync, type SyncOutcome } from './run.js';
import type { AlertNewIssues } from './repository.js';

/** The logger calls the scheduler makes (pino's, or a test's). */
export interface SchedulerLog {
  info(object: object, message: string): void;
  warn(message: string): void;
  error(object: object, message: string): void;
}

export interface SyncScheduler {
  /** Stops the timer and a run in progress (at its next project), and waits for it to be written. */
  stop(): Promise<void>;
}

/** A new node waits this long before its first try, so start-up is not slowed. */
const FIRST_TRY_DELAY_MS = 30_000;
/** Earliest retry after a run that could not go on (not due yet, rate-limited): never a busy loop. */
const MIN_RETRY_DELAY_MS = 60_000;
/** Spread over nodes whose timers would otherwise fire together. */
const JITTER_MS = 30_000;

/**
 * Runs the catalogue sync every SYNC_INTERVAL_MINUTES. Every node schedules it; the sync lock lets one run at
 * a time and its due check makes the others skip, so the catalogue is synced once per interval. After an
 * interrupted run, the next try comes when GitHub's limit resets. Off without a token or with an interval of 0.
 */
export function startSyncScheduler(options: {
  config: Pick<Config, 'github' | 'sync'>;
  database: Database;
  log: SchedulerLog;
  onCatalogueChanged: () => void;
  /** Tells the alerts for new issues of the issues a run stores for the first time. */
  alertNewIssues?: AlertNewIssues;
  /** Tests shorten these. */
  firstTryDelayMs?: number;
  intervalMs?: number;
  run?: typeof runCatalogueSync;
}): SyncScheduler {
  const { config, log } = options;
  const intervalMs = options.intervalMs ?? config.sync.intervalMinutes * 60_000;
  if (intervalMs === 0) {
    log.info({}, 'The scheduled catalogue sync is off (SYNC_INTERVAL_MINUTES=0)');
    return { stop: async () => undefined };
  }
  if (!config.github.token) {
    log.warn(`${NO_TOKEN_MESSAGE} The scheduled catalogue sync is off.`);
    return { stop: async () => undefined };
  }
  const run = options.run ?? runCatalogueSync;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let current: { controller: AbortController; done: Promise<void> } | null = null;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    // unref: a pending sync never keeps the process alive on its own.
    timer = setTimeout(tick, delayMs).unref();
  };

  const tick = () => {
    const controller = new AbortController();
    const done = run({
      database: options.database,
      github: config.github,
      sync: config.sync,
      onCatalogueChanged: options.onCatalogueChanged,
      ...(options.alertNewIssues ? { alertNewIssues: options.alertNewIssues } : {}),
      onlyIfDueEveryMs: intervalMs,
      signal: controller.signal,
    })
      .then((outcome) => {
        logOutcome(log, outcome);
        schedule(nextDelay(outcome, intervalMs));
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'The catalogue sync failed');
        schedule(intervalMs);
      })
      .finally(() => {
        current = null;
      });
    current = { controller, done };
  };

  schedule(options.firstTryDelayMs ?? FIRST_TRY_DELAY_MS);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (current) {
        current.controller.abort(new Error('The server is shutting down.'));
        await current.done;
      }
    },
  };
}

function nextDelay(outcome: SyncOutcome, intervalMs: number): number {
  const at =
    outcome.status === 'not-due'
      ? outcome.nextAt
      : outcome.status === 'interrupted'
        ? outcome.resumeAt
        : null;
  if (!at) return intervalMs;
  const wait = at.getTime() - Date.now() + Math.floor(Math.random() * JITTER_MS);
  return Math.min(intervalMs, Math.max(MIN_RETRY_DELAY_MS, wait));
}

function logOutcome(log: SchedulerLog, outcome: SyncOutcome): void {
  if (!isSyncReport(outcome)) {
    log.info({ status: outcome.status }, outcome.message);
    return;
  }
  switch (outcome.status) {
    case 'failed':
      log.error(
        { err: outcome.cause, runId: outcome.runId, synced: outcome.synced, failed: outcome.failed },
        `The catalogue sync failed: ${outcome.reason ?? 'unknown error'}`,
      );
      return;
    default:
      log.info(
        {
          runId: outcome.runId,
          status: outcome.status,
          total: outcome.total,
          synced: outcome.synced,
          failed: outcome.failed,
          unreachable: outcome.unreachable.length,
          reason: outcome.reason,
          resumeAt: outcome.resumeAt,
        },
        `Catalogue sync ${outcome.status}: ${outcome.synced} synced, ${outcome.failed} failed of ${outcome.total}`,
      );
  }
}
