import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { countSyncRun } from '../../platform/metrics.js';
import { syncBatch } from './batch.js';
import { withSyncLock } from './lock.js';
import { createInstallationTokens, type InstallationTokens } from '../../github/app-tokens.js';
import {
  createSyncRepository,
  type AlertNewIssues,
  type SyncRepository,
  type SyncTarget,
} from './repository.js';
import { SyncRequests, type RunStopped } from './requests.js';
import {
  ALREADY_RUNNING_MESSAGE,
  isSyncReport,
  NO_TOKEN_MESSAGE,
  type SyncOutcome,
  type SyncReport,
} from './run-outcome.js';

export type { AlertNewIssues } from './repository.js';
export {
  ALREADY_RUNNING_MESSAGE,
  isSyncReport,
  NO_TOKEN_MESSAGE,
  type SyncBudgets,
  type SyncOutcome,
  type SyncReport,
} from './run-outcome.js';

export interface CatalogueSyncOptions {
  database: Database;
  github: Pick<Config['github'], 'apiUrl' | 'graphqlUrl' | 'timeoutMs' | 'token'> & {
    /** The GitHub App whose installations' tokens read the projects they cover (projects.github_installation_id). */
    app?: Config['github']['app'];
  };
  sync: Pick<Config['sync'], 'ecosystemsUrl' | 'batchSize' | 'maxWaitMs'>;
  /** Tells the alerts for new issues of the issues each batch stores for the first time. */
  alertNewIssues?: AlertNewIssues;
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

/**
 * One catalogue sync run: refreshes every project from GitHub (GraphQL in batches for the repository's
 * figures, REST with ETags for the contributors count) and ecosyste.ms (used-by), writing each batch as it
 * goes. Only one run at a time per database, across nodes. A run that stops early (rate limit, signal,
 * crash) leaves the rest of its cycle to the next run.
 */
export async function runCatalogueSync(options: CatalogueSyncOptions): Promise<SyncOutcome> {
  if (!options.github.token) return { status: 'refused', message: NO_TOKEN_MESSAGE };
  const locked = await withSyncLock(options.database, (db) =>
    new SyncRun(createSyncRepository(db, options.alertNewIssues), options).execute(),
  );
  if (!locked.acquired) return { status: 'already-running', message: ALREADY_RUNNING_MESSAGE };
  const outcome = locked.value;
  if (isSyncReport(outcome)) countSyncRun(outcome);
  if (isSyncReport(outcome) && outcome.changed) options.onCatalogueChanged?.();
  return outcome;
}

/**
 * The run's targets in batches, each of one GitHub App installation's projects (null: the projects no
 * installation covers, read with the server token), in the targets' order within each.
 */
function batchesOf(
  targets: SyncTarget[],
  size: number,
): { installationId: number | null; batch: SyncTarget[] }[] {
  const groups = new Map<number | null, SyncTarget[]>();
  for (const target of targets) {
    const group = groups.get(target.installationId);
    if (group) group.push(target);
    else groups.set(target.installationId, [target]);
  }
  return [...groups].flatMap(([installationId, group]) =>
    Array.from({ length: Math.ceil(group.length / size) }, (_, i) => ({
      installationId,
      batch: group.slice(i * size, (i + 1) * size),
    })),
  );
}

class SyncRun {
  private readonly requests: SyncRequests;
  /** GITHUB_APP_ID: the repositories an installation covers are read with its token (its own rate limit). */
  private readonly appTokens: InstallationTokens | null;
  private readonly installationRequests = new Map<number, SyncRequests>();

  constructor(
    private readonly repository: SyncRepository,
    private readonly options: CatalogueSyncOptions,
  ) {
    this.requests = new SyncRequests(options);
    const { app, apiUrl, timeoutMs } = options.github;
    this.appTokens = app
      ? createInstallationTokens({ app, apiUrl, timeoutMs, ...(options.now ? { now: options.now } : {}) })
      : null;
  }

  /**
   * Who reads a batch: the installation's own requests (its token, its budgets) when the App covers it, else the
   * server token's. An installation whose token GitHub refuses (uninstalled meanwhile) falls back to the server
   * token: the batch is read either way.
   */
  private async requestsFor(installationId: number | null): Promise<SyncRequests> {
    if (installationId === null || !this.appTokens) return this.requests;
    const held = this.installationRequests.get(installationId);
    if (held) return held;
    let token: string;
    try {
      token = await this.appTokens.tokenFor(installationId);
    } catch {
      return this.requests;
    }
    const requests = new SyncRequests({ ...this.options, github: { ...this.options.github, token } });
    this.installationRequests.set(installationId, requests);
    return requests;
  }

  async execute(): Promise<SyncOutcome> {
    const { repository, options } = this;
    await repository.markAbandonedRuns();
    await repository.pruneHistory();
    const previous = await repository.latestRun();
    if (options.onlyIfDueEveryMs !== undefined && previous) {
      const notDue = notDueYet(previous, options.onlyIfDueEveryMs, this.requests.now());
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
      for (const { installationId, batch } of batchesOf(targets, options.sync.batchSize)) {
        stop = this.requests.stopRequested();
        if (stop) break;
        const requests = await this.requestsFor(installationId);
        const result = await syncBatch(requests, batch);
        // The run's row keeps the server token's budgets; an installation's are its own.
        await repository.writeBatch({ runId: run.id, ...result, budgets: this.requests.runBudgets() });
        totals.synced += result.synced;
        totals.failed += result.failed;
        totals.changed ||= result.refreshed.length > 0;
        done += result.handled;
        options.onProgress?.(done, targets.length);
        stop = result.stop;
        if (stop) break;
      }
      const status = stop ? 'interrupted' : 'completed';
      await repository.finishRun(
        run.id,
        status,
        stop?.message ?? null,
        stop?.resumeAt ?? null,
        this.requests.runBudgets(),
      );
      return this.report(run.id, status, resumed, totals, stop?.message ?? null, stop?.resumeAt ?? null);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The run's row says what happened even when the database is what failed, if it still can.
      await repository
        .finishRun(run.id, 'failed', reason, null, this.requests.runBudgets())
        .catch(() => undefined);
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
      budgets: this.requests.budgets(),
      cost: this.requests.client.costs(),
    };
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
