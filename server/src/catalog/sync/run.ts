import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from '../../config.js';
import {
  createRepoClient,
  GitHubRateLimited,
  GitHubRequestFailed,
  RepoNotFound,
  type RateBudget,
  type RepoClient,
} from '../../github/repo-client.js';
import type { Database } from '../../platform/db/database.js';
import type { SyncFailureKind } from '../../platform/db/schema.js';
import { RETRY_POLICIES, withRetries } from '../../platform/retry.js';
import { createEcosystemsClient, EcosystemsRateLimited, EcosystemsUnavailable } from './ecosystems.js';
import { batchQuery, readBatchAnswer, type BatchData, type RepoFigures } from './github-batch.js';
import { withSyncLock } from './lock.js';
import {
  createSyncRepository,
  type ProjectRefresh,
  type RunBudgets,
  type SyncFailure,
  type SyncRepository,
  type SyncTarget,
} from './repository.js';
import { countSyncRun } from '../../platform/metrics.js';

export const NO_TOKEN_MESSAGE =
  "The catalogue sync needs a GitHub token: set GITHUB_TOKEN (a token without scopes is enough; GitHub's GraphQL API does not answer without one).";
export const ALREADY_RUNNING_MESSAGE = 'A catalogue sync is already running.';

/** ecosyste.ms lookups in flight at once: a few, to be quick without hammering a free service. */
const ECOSYSTEMS_CONCURRENCY = 4;

export interface CatalogueSyncOptions {
  database: Database;
  github: Pick<Config['github'], 'apiUrl' | 'graphqlUrl' | 'timeoutMs' | 'token'>;
  sync: Pick<Config['sync'], 'ecosystemsUrl' | 'batchSize' | 'maxWaitMs'>;
  /** Called once after a run that changed any project, so cached lists refresh. */
  onCatalogueChanged?: () => void;
  onStart?: (info: { runId: number; total: number; resumed: boolean }) => void;
  /** After each batch: projects handled so far, of the run's total. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops the run at the next project (what is done is written) and marks it interrupted. */
  signal?: AbortSignal;
  /**
   * For the scheduler: run only if the last completed run started at least this long ago, or an
   * interrupted one may resume. Unset (the CLI): always run.
   */
  onlyIfDueEveryMs?: number;
  now?: () => number;
  /** Rate-limit waits and retry backoff; tests pass one that does not really wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface SyncBudgets {
  /** REST ('core'), where contributors come from. */
  github: RateBudget | null;
  graphql: RateBudget | null;
  ecosystemsRemaining: number | null;
}

export interface SyncReport {
  status: 'completed' | 'interrupted' | 'failed';
  runId: number;
  /** True when the run went on with the cycle of an interrupted (or failed) run. */
  resumed: boolean;
  total: number;
  synced: number;
  failed: number;
  failures: { repoExt: string; kind: SyncFailureKind; reason: string }[];
  unreachable: string[];
  /** Why the run stopped early, or failed. */
  reason: string | null;
  /** When the next run may go on (GitHub's limit resets), for a run a rate limit stopped. */
  resumeAt: Date | null;
  budgets: SyncBudgets;
  /** Whether any project changed, which is when cached lists were told to refresh. */
  changed: boolean;
  /** The unexpected error a failed run ended on, for the log. */
  cause?: unknown;
}

export type SyncOutcome =
  | { status: 'refused' | 'already-running'; message: string }
  /** The scheduler's run was not due; nextAt says when it is. */
  | { status: 'not-due'; message: string; nextAt: Date }
  | SyncReport;

/** True when the sync ran (completed, interrupted or failed), as opposed to not starting. */
export function isSyncReport(outcome: SyncOutcome): outcome is SyncReport {
  return 'runId' in outcome;
}

/** Ends the run early: a long rate limit, or a stop request. What is done so far is kept. */
class RunStopped extends Error {
  override name = 'RunStopped';
  constructor(
    message: string,
    readonly resumeAt: Date | null,
  ) {
    super(message);
  }
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  delay(ms, undefined, signal ? { signal } : {}).then(() => undefined);

/**
 * One catalogue sync run: refreshes every project from GitHub (GraphQL in batches for the repository's
 * figures, REST with ETags for the contributors count) and ecosyste.ms (used-by), writing each batch as it
 * goes. Only one run at a time per database, across nodes. A run that stops early (rate limit, signal,
 * crash) leaves the rest of its cycle to the next run.
 */
export async function runCatalogueSync(options: CatalogueSyncOptions): Promise<SyncOutcome> {
  if (!options.github.token) return { status: 'refused', message: NO_TOKEN_MESSAGE };
  const locked = await withSyncLock(options.database, (db) =>
    new SyncRun(createSyncRepository(db), options).execute(),
  );
  if (!locked.acquired) return { status: 'already-running', message: ALREADY_RUNNING_MESSAGE };
  const outcome = locked.value;
  if (isSyncReport(outcome)) countSyncRun(outcome);
  if (isSyncReport(outcome) && outcome.changed) options.onCatalogueChanged?.();
  return outcome;
}

interface BatchResult {
  refreshed: ProjectRefresh[];
  failures: SyncFailure[];
  failedIds: number[];
  unreachableIds: number[];
  synced: number;
  failed: number;
  /** Projects handled (written one way or another); the rest of the batch is left to the next run. */
  handled: number;
  stop: RunStopped | null;
}

type UsedBy = { ok: true; count: number } | { ok: false; reason: string };
type Contributors = ProjectRefresh['contributors'] | { error: string };

class SyncRun {
  private readonly client: RepoClient;
  private readonly ecosystems: ReturnType<typeof createEcosystemsClient>;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Set when ecosyste.ms asked for a pause longer than the run waits: no more lookups until then. */
  private ecosystemsPausedUntil: { until: number; reason: string } | null = null;

  constructor(
    private readonly repository: SyncRepository,
    private readonly options: CatalogueSyncOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.client = createRepoClient({ ...options.github, now: this.now });
    this.ecosystems = createEcosystemsClient({
      baseUrl: options.sync.ecosystemsUrl,
      timeoutMs: options.github.timeoutMs,
      now: this.now,
    });
  }

  async execute(): Promise<SyncOutcome> {
    const { repository, options } = this;
    await repository.markAbandonedRuns();
    await repository.pruneHistory();
    const previous = await repository.latestRun();
    if (options.onlyIfDueEveryMs !== undefined && previous) {
      const notDue = notDueYet(previous, options.onlyIfDueEveryMs, this.now());
      if (notDue) return { status: 'not-due', ...notDue };
    }
    const resumed = previous !== undefined && previous.status !== 'completed';
    const run = await repository.startRun(resumed ? previous.cycle_started_at : null);
    const totals = { total: 0, synced: 0, failed: 0, changed: false };
    try {
      const targets = await repository.targets(run.cycle_started_at);
      totals.total = targets.length;
      await repository.setTotal(run.id, targets.length);
      options.onStart?.({ runId: run.id, total: targets.length, resumed });
      let done = 0;
      let stop: RunStopped | null = null;
      for (let start = 0; start < targets.length && !stop; start += options.sync.batchSize) {
        stop = this.stopRequested();
        if (stop) break;
        const result = await this.syncBatch(targets.slice(start, start + options.sync.batchSize));
        await repository.writeBatch({ runId: run.id, ...result, budgets: this.runBudgets() });
        totals.synced += result.synced;
        totals.failed += result.failed;
        totals.changed ||= result.refreshed.length > 0;
        done += result.handled;
        options.onProgress?.(done, targets.length);
        stop = result.stop;
      }
      const status = stop ? 'interrupted' : 'completed';
      await repository.finishRun(
        run.id,
        status,
        stop?.message ?? null,
        stop?.resumeAt ?? null,
        this.runBudgets(),
      );
      return this.report(run.id, status, resumed, totals, stop?.message ?? null, stop?.resumeAt ?? null);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The run's row says what happened even when the database is what failed, if it still can.
      await repository.finishRun(run.id, 'failed', reason, null, this.runBudgets()).catch(() => undefined);
      const report = await this.report(run.id, 'failed', resumed, totals, reason, null).catch(() => null);
      if (!report) throw error;
      return { ...report, cause: error };
    }
  }

  private async report(
    runId: number,
    status: SyncReport['status'],
    resumed: boolean,
    totals: { total: number; synced: number; failed: number; changed: boolean },
    reason: string | null,
    resumeAt: Date | null,
  ): Promise<SyncReport> {
    const failures = (await this.repository.failuresOf(runId)).map((f) => ({
      repoExt: f.repo_ext,
      kind: f.kind,
      reason: f.reason,
    }));
    return {
      status,
      runId,
      resumed,
      ...totals,
      failures,
      unreachable: failures.filter((f) => f.kind === 'unreachable').map((f) => f.repoExt),
      reason,
      resumeAt,
      budgets: {
        github: this.client.budget('core'),
        graphql: this.client.budget('graphql'),
        ecosystemsRemaining: this.ecosystems.remaining(),
      },
    };
  }

  private runBudgets(): RunBudgets {
    const core = this.client.budget('core');
    const graphql = this.client.budget('graphql');
    return {
      githubRemaining: core?.remaining ?? null,
      githubResetAt: core?.resetAt ?? null,
      graphqlRemaining: graphql?.remaining ?? null,
      graphqlResetAt: graphql?.resetAt ?? null,
      ecosystemsRemaining: this.ecosystems.remaining(),
    };
  }

  private stopRequested(): RunStopped | null {
    const signal = this.options.signal;
    if (!signal?.aborted) return null;
    const reason = signal.reason instanceof Error ? signal.reason.message : 'The run was asked to stop.';
    return new RunStopped(reason, null);
  }

  /** Sleeps, unless the run is asked to stop meanwhile. */
  private async pause(ms: number): Promise<void> {
    try {
      await this.sleep(Math.max(0, ms), this.options.signal);
    } catch (error) {
      throw this.stopRequested() ?? error;
    }
  }

  /** How long, from now, a rate limit asks to wait; 0 for any other failure. */
  private rateLimitWaitMs(error: unknown): number {
    return error instanceof GitHubRateLimited || error instanceof EcosystemsRateLimited
      ? error.until.getTime() - this.now()
      : 0;
  }

  /**
   * One GitHub request, one at a time (GitHub asks clients not to parallelise): refused up front while the
   * budget it needs is known to be spent; a short rate limit is sat out and the request sent again, a long
   * one stops the run; a 5xx or a timeout is retried with backoff, then thrown.
   */
  private async github<T>(resource: 'core' | 'graphql', call: () => Promise<T>): Promise<T> {
    const withinBudget = async () => {
      const budget = this.client.budget(resource);
      if (budget && budget.remaining <= 0 && budget.resetAt && budget.resetAt.getTime() > this.now()) {
        throw new GitHubRateLimited(
          `GitHub's rate limit is reached until ${budget.resetAt.toISOString()}`,
          budget.resetAt,
          false,
        );
      }
      return call();
    };
    const sleep = (ms: number) => this.pause(ms);
    const send = () =>
      withRetries(RETRY_POLICIES.githubFailure, withinBudget, {
        retryable: (error) => error instanceof GitHubRequestFailed && error.transient,
        sleep,
      });
    try {
      return await withRetries(RETRY_POLICIES.githubRateLimit, send, {
        retryable: (error) =>
          error instanceof GitHubRateLimited && this.rateLimitWaitMs(error) <= this.options.sync.maxWaitMs,
        namedWaitMs: (error) => this.rateLimitWaitMs(error),
        sleep,
      });
    } catch (error) {
      if (error instanceof GitHubRateLimited) throw new RunStopped(error.message, error.until);
      throw error;
    }
  }

  private async usedBy(repoExt: string): Promise<UsedBy> {
    const ask = async (): Promise<UsedBy> => {
      const paused = this.ecosystemsPausedUntil;
      if (paused && paused.until > this.now()) return { ok: false, reason: `not asked: ${paused.reason}` };
      return { ok: true, count: await this.ecosystems.usedBy(repoExt) };
    };
    try {
      return await withRetries(RETRY_POLICIES.ecosystemsRateLimit, ask, {
        retryable: (error) =>
          error instanceof EcosystemsRateLimited &&
          this.rateLimitWaitMs(error) <= this.options.sync.maxWaitMs,
        namedWaitMs: (error) => this.rateLimitWaitMs(error),
        sleep: (ms) => this.pause(ms),
      });
    } catch (error) {
      if (error instanceof EcosystemsRateLimited) {
        // Keep the GitHub side going: only the used-by counts wait for the next run.
        this.ecosystemsPausedUntil = { until: error.until.getTime(), reason: error.message };
        return { ok: false, reason: error.message };
      }
      if (error instanceof EcosystemsUnavailable) return { ok: false, reason: error.message };
      throw error;
    }
  }

  private async syncBatch(batch: SyncTarget[]): Promise<BatchResult> {
    const result: BatchResult = {
      refreshed: [],
      failures: [],
      failedIds: [],
      unreachableIds: [],
      synced: 0,
      failed: 0,
      handled: 0,
      stop: null,
    };
    const fail = (target: SyncTarget, kind: SyncFailureKind, reason: string) =>
      result.failures.push({ projectId: target.id, repoExt: target.repoExt, kind, reason });

    const { query, variables } = batchQuery(batch.map((t) => t.repoExt));
    let answer;
    try {
      // Sits out (or stops at) a spent REST budget before GraphQL spends a point on a batch it could not finish.
      await this.github('core', async () => undefined);
      answer = await this.github('graphql', () => this.client.graphql<BatchData>(query, variables));
    } catch (error) {
      if (error instanceof RunStopped) return { ...result, stop: error };
      if (error instanceof GitHubRequestFailed && error.transient) {
        // GitHub failed on its side after the retries: these projects wait for the next cycle.
        for (const target of batch) fail(target, 'github', `GitHub GraphQL: ${error.message}`);
        return {
          ...result,
          failedIds: batch.map((t) => t.id),
          failed: batch.length,
          handled: batch.length,
        };
      }
      // A refused token or a query GitHub rejects would fail every batch alike: the run cannot go on.
      throw error;
    }
    if (answer.data === null) {
      throw new Error(
        `GitHub answered the GraphQL query with errors only: ${answer.errors[0]?.message ?? 'no data'}`,
      );
    }
    const { repos, budget } = readBatchAnswer(answer, batch.length);
    if (budget) this.client.noteBudget('graphql', { remaining: budget.remaining, resetAt: budget.resetAt });

    const reachable: { target: SyncTarget; figures: RepoFigures }[] = [];
    for (const [i, target] of batch.entries()) {
      const repo = repos[i];
      if (repo?.ok) {
        reachable.push({ target, figures: repo.figures });
        continue;
      }
      const reason = repo?.reason ?? 'GitHub answered no data for the repository';
      if (repo?.notFound) {
        result.unreachableIds.push(target.id);
        fail(target, 'unreachable', reason);
      } else {
        result.failedIds.push(target.id);
        fail(target, 'github', reason);
      }
      result.failed++;
      result.handled++;
    }

    // ecosyste.ms is another service: its few lookups run beside GitHub's one-at-a-time requests.
    const usedBy = new Map<number, UsedBy>();
    let cancelled = false;
    const lookups = inPool(reachable, ECOSYSTEMS_CONCURRENCY, async ({ target }) => {
      if (cancelled) return;
      try {
        usedBy.set(target.id, await this.usedBy(target.repoExt));
      } catch (error) {
        // A stop during an ecosyste.ms wait: the project keeps its count; the GitHub side notices the stop.
        if (!(error instanceof RunStopped)) throw error;
      }
    });
    // Handled here so an early failure is not reported as unhandled; awaited (and thrown) below.
    lookups.catch(() => undefined);

    const contributors = new Map<number, Contributors>();
    let done = 0;
    try {
      for (const { target } of reachable) {
        result.stop = this.stopRequested();
        if (result.stop) break;
        try {
          const answer = await this.github('core', () =>
            this.client.contributorsCount(target.repoExt, target.contributorsEtag),
          );
          contributors.set(
            target.id,
            answer.modified ? { count: answer.body, etag: answer.etag } : { notModified: true },
          );
        } catch (error) {
          if (error instanceof RunStopped) {
            result.stop = error;
            break;
          }
          if (!(error instanceof RepoNotFound) && !(error instanceof GitHubRequestFailed)) throw error;
          contributors.set(target.id, { error: `contributors: ${error.message}` });
        }
        done++;
      }
    } finally {
      // Stopping (or failing): lookups not started are not needed; the ones in flight are let finish.
      if (done < reachable.length) cancelled = true;
      await lookups.catch(() => undefined);
    }
    await lookups;

    for (const { target, figures } of reachable.slice(0, done)) {
      const counted = contributors.get(target.id) ?? null;
      const lookup = usedBy.get(target.id);
      const failedContributors = counted !== null && 'error' in counted;
      result.refreshed.push({
        id: target.id,
        figures,
        contributors: failedContributors ? null : counted,
        usedBy: lookup?.ok ? lookup.count : null,
      });
      if (failedContributors) {
        fail(target, 'github', counted.error);
        result.failed++;
      } else {
        result.synced++;
      }
      if (lookup && !lookup.ok) fail(target, 'ecosystems', `used-by kept: ${lookup.reason}`);
      result.handled++;
    }
    return result;
  }
}

/** Why a scheduled run is not due yet, and when it is; null when it is due. */
function notDueYet(
  previous: { status: string; started_at: Date; finished_at: Date | null; resume_after: Date | null },
  intervalMs: number,
  nowMs: number,
): { message: string; nextAt: Date } | null {
  if (previous.status === 'completed') {
    const nextAt = new Date(previous.started_at.getTime() + intervalMs);
    if (nextAt.getTime() <= nowMs) return null;
    return {
      message: `The last catalogue sync started at ${previous.started_at.toISOString()}; the next is due at ${nextAt.toISOString()}.`,
      nextAt,
    };
  }
  if (previous.resume_after && previous.resume_after.getTime() > nowMs) {
    return {
      message: `The interrupted catalogue sync resumes after ${previous.resume_after.toISOString()}, when GitHub's rate limit resets.`,
      nextAt: previous.resume_after,
    };
  }
  return null;
}

/** Runs `task` over `items` with at most `concurrency` at once; rejects with the first error. */
async function inPool<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
