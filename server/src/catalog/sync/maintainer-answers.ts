import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { withMaintainerAnswer } from './responsiveness.js';
import { recentIssuesForUpdate, storeRecentIssues } from './responsiveness-writes.js';

/**
 * What the catalogue offers the features that hear of a maintainer's comment between syncs (a webhook delivery):
 * a maintainer answered issue `number` of the project, opened at `createdAt`, at time `at`. Counted as the sync
 * counts it, among the project's stored recent issues (locked until the transaction ends), and their median
 * stored again when the answer changes them; nothing when it does not, or when no sync has stored them yet.
 */
export async function recordMaintainerAnswer(
  trx: Kysely<DB>,
  projectId: number,
  answer: { number: number; createdAt: Date; at: Date },
): Promise<void> {
  const recent = await recentIssuesForUpdate(trx, projectId);
  if (recent === null) return;
  const next = withMaintainerAnswer(recent, answer);
  if (next) await storeRecentIssues(trx, [{ id: projectId, recentIssues: next }]);
}
