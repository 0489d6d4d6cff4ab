import { setTimeout as delay } from 'node:timers/promises';
import {
  createRepoClient,
  GitHubRateLimited,
  GitHubRequestFailed,
  type RepoClient,
} from '../../github/repo-client.js';
import { RETRY_POLICIES, withRetries } from '../../platform/retry.js';
import { createEcosystemsClient, EcosystemsRateLimited, EcosystemsUnavailable } from './ecosystems.js';
import type { RunBudgets } from './repository.js';
import type { CatalogueSyncOptions } from './run.js';
import type { SyncBudgets } from './run-outcome.js';

/** Ends the run early: a long rate limit, or a stop request. What is done so far is kept. */
export class RunStopped extends Error {
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

export type UsedBy = { ok: true; count: number } | { ok: false; reason: string };

/**
 * A run's requests to GitHub and ecosyste.ms: within the budgets they report, sitting out short rate limits,
 * retrying failures, and stopping when the run is asked to.
 */
export class SyncRequests {
  readonly client: RepoClient;
  private readonly ecosystems: ReturnType<typeof createEcosystemsClient>;
  readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Set when ecosyste.ms asked for a pause longer than the run waits: no more lookups until then. */
  private ecosystemsPausedUntil: { until: number; reason: string } | null = null;

  constructor(
    private readonly options: Pick<CatalogueSyncOptions, 'github' | 'sync' | 'signal' | 'now' | 'sleep'>,
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

  /** What is left of each service's budget, for the report. */
  budgets(): SyncBudgets {
    return {
      github: this.client.budget('core'),
      graphql: this.client.budget('graphql'),
      ecosystemsRemaining: this.ecosystems.remaining(),
    };
  }

  /** The same, as the run's row records them after each batch. */
  runBudgets(): RunBudgets {
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

  stopRequested(): RunStopped | null {
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
  async github<T>(resource: 'core' | 'graphql', call: () => Promise<T>): Promise<T> {
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

  async usedBy(repoExt: string): Promise<UsedBy> {
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
}
