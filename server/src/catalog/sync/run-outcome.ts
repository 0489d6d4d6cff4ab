import type { RateBudget, RequestCosts } from '../../github/repo-client.js';
import type { SyncFailureKind } from '../../platform/db/schema.js';

// What a catalogue sync run answers: it did not start (and why), or its report.

export const NO_TOKEN_MESSAGE =
  "The catalogue sync needs a GitHub token: set GITHUB_TOKEN (a token without scopes is enough; GitHub's GraphQL API does not answer without one).";
export const ALREADY_RUNNING_MESSAGE = 'A catalogue sync is already running.';

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
  /** What the run's GitHub requests cost, and how many conditional requests GitHub answered 304 (free). */
  cost: RequestCosts;
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
