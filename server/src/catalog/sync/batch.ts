import { GitHubRequestFailed, RepoNotFound } from '../../github/repo-client.js';
import type { SyncFailureKind } from '../../platform/db/schema.js';
import { batchQuery, readBatchAnswer, type BatchData, type RepoFigures } from './github-batch.js';
import type { ProjectRefresh, SyncRepository, SyncTarget } from './repository.js';
import { RunStopped, type SyncRequests, type UsedBy } from './requests.js';

/** ecosyste.ms lookups in flight at once: a few, to be quick without hammering a free service. */
const ECOSYSTEMS_CONCURRENCY = 4;

/** A batch's outcome: what the run writes of it (SyncRepository.writeBatch), and how far it got. */
export type BatchResult = Omit<Parameters<SyncRepository['writeBatch']>[0], 'runId' | 'budgets'> & {
  /** Projects handled (written one way or another); the rest of the batch is left to the next run. */
  handled: number;
  stop: RunStopped | null;
};

type Contributors = ProjectRefresh['contributors'] | { error: string };

/**
 * One batch of a run: the repositories' figures in one GraphQL query, then each reachable one's contributors
 * (REST, one at a time) beside its used-by count (ecosyste.ms, a few at once). Stops between projects when the
 * run is asked to, or a long rate limit ends it; what is done is answered for writing.
 */
export async function syncBatch(requests: SyncRequests, batch: SyncTarget[]): Promise<BatchResult> {
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
    await requests.github('core', async () => undefined);
    answer = await requests.github('graphql', () => requests.client.graphql<BatchData>(query, variables));
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
  if (budget) requests.client.noteBudget('graphql', budget);

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
      usedBy.set(target.id, await requests.usedBy(target.repoExt));
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
      result.stop = requests.stopRequested();
      if (result.stop) break;
      try {
        const answer = await requests.github('core', () =>
          requests.client.contributorsCount(target.repoExt, target.contributorsEtag),
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
