import { ISSUES_PER_REPOSITORY } from '@openlfg/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createRepoClient } from '../../github/repo-client.js';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Database } from '../../platform/db/database.js';
import { countIssueRechecks, countRecheckBudgetRefusal } from '../../platform/metrics.js';
import { recheckQuery, readRecheckAnswer } from './recheck-query.js';
import { createRecheckRepository, type RecheckScope } from './recheck-repository.js';

/** An issue's facts are rechecked on view once they are older than this, and at most once in it. */
export const RECHECK_AFTER_MS = 30 * 60 * 1000;
/** Issues asked about in one GraphQL query: a project's stored issues, or more than a finder page. */
export const RECHECK_MAX_ISSUES = ISSUES_PER_REPOSITORY;
/** Rechecks one node runs at once; a view while they are busy asks for none (a later view will). */
export const RECHECK_MAX_IN_FLIGHT = 2;

export interface IssueRecheckOptions {
  database: Pick<Database, 'db'>;
  bus: EventBus;
  github: Pick<Config['github'], 'apiUrl' | 'graphqlUrl' | 'timeoutMs' | 'token'>;
  /** Rechecks per hour, all nodes together (config.sync.rechecksPerHour); 0 turns rechecks off. */
  perHour: number;
  log: FastifyBaseLogger;
  /** The clock freshness and the hourly budget are reckoned by; tests pass their own. */
  now?: () => number;
}

/** An issue a list showed, with what says how old its facts are. */
export interface ListedIssue {
  id: number;
  isDemo: boolean;
  syncedAt: Date;
  checkedAt: Date | null;
}

export interface IssueRecheck {
  /** A project's page was viewed: recheck its stale issues in the background. Never throws, never waits. */
  project(projectId: number): void;
  /**
   * The finder listed these issues: recheck the stale ones in the background. Never throws, never waits; a
   * list whose issues are all fresh (or demo issues) costs nothing, not even a read.
   */
  issues(listed: readonly ListedIssue[]): void;
  /** Resolves once the rechecks running now have ended (tests; shutting down). */
  settled(): Promise<void>;
}

const NO_RECHECKS: IssueRecheck = {
  project: () => undefined,
  issues: () => undefined,
  settled: async () => {},
};

/**
 * Rechecks on view: issues whose stored facts are older than RECHECK_AFTER_MS are asked about again, in one
 * GraphQL query (the sync's fields per issue), after the view's answer is sent. Bounded every way: once per
 * issue per window and an hourly budget (both in the database, so across nodes and restarts), a few at once per
 * node, GitHub's client timeout per request, no retries (the next view after the window tries again). Without
 * a GitHub token (GraphQL answers none), nothing is asked.
 */
export function createIssueRecheck(options: IssueRecheckOptions): IssueRecheck {
  if (!options.github.token || options.perHour <= 0) return NO_RECHECKS;
  const now = options.now ?? Date.now;
  const client = createRepoClient({ ...options.github, now });
  const repository = createRecheckRepository(options.database.db, options.bus);
  const inFlight = new Set<Promise<void>>();

  async function recheck(scope: RecheckScope): Promise<void> {
    const at = now();
    // A spent GraphQL budget (as GitHub last said) is waited out: no issue is claimed meanwhile.
    const budget = client.budget('graphql');
    if (budget && budget.remaining <= 0 && budget.resetAt && budget.resetAt.getTime() > at) return;
    const { targets, budgetSpent } = await repository.claim({
      scope,
      now: new Date(at),
      staleBefore: new Date(at - RECHECK_AFTER_MS),
      perHour: options.perHour,
      limit: RECHECK_MAX_ISSUES,
    });
    if (budgetSpent) countRecheckBudgetRefusal();
    if (targets.length === 0) return;
    const { query, variables } = recheckQuery(targets);
    let answer;
    try {
      answer = await client.graphql<Record<string, unknown>>(query, variables);
    } catch (error) {
      countIssueRechecks('failed', targets.length);
      throw error;
    }
    const read = readRecheckAnswer(answer, targets);
    if (read.budget) client.noteBudget('graphql', read.budget);
    const changed = (await repository.write(read.answers)).length;
    const unknown = read.answers.filter((a) => a.outcome === 'unknown').length;
    countIssueRechecks('changed', changed);
    countIssueRechecks('unknown', unknown);
    countIssueRechecks('unchanged', targets.length - changed - unknown);
  }

  function schedule(scope: RecheckScope): void {
    if (inFlight.size >= RECHECK_MAX_IN_FLIGHT) return;
    // After the view's own work: the answer goes out before the recheck reads the database.
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => recheck(scope))
      .catch((error: unknown) => options.log.warn({ err: error }, 'rechecking issues with GitHub failed'))
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  }

  return {
    project: (projectId) => schedule({ projectId }),
    issues: (listed) => {
      const staleBefore = now() - RECHECK_AFTER_MS;
      // The list's own columns say which facts are old: a fresh page (the usual one) schedules nothing.
      const stale = listed.filter(
        (issue) =>
          !issue.isDemo && Math.max(issue.syncedAt.getTime(), issue.checkedAt?.getTime() ?? 0) < staleBefore,
      );
      if (stale.length > 0) schedule({ issueIds: stale.map((issue) => issue.id) });
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
