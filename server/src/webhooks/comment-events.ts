import type { Transaction } from 'kysely';
import { isClaimComment } from '../catalog/sync/claim-phrases.js';
import { MAINTAINER_ASSOCIATIONS } from '../catalog/sync/issue-facts.js';
import { recordMaintainerAnswer } from '../catalog/sync/maintainer-answers.js';
import type { DB } from '../platform/db/schema.js';
import { applied, IGNORED, type Applied } from './applied.js';
import { storeIssue } from './issue-events.js';
import { readAction, readComment, readIssue, type Json } from './payloads.js';
import type { DeliveryProject, WebhooksRepository } from './repository.js';

/**
 * `issue_comment` created: the issue's own facts (its comment count) as the delivery shows them; a comment saying
 * its author takes the issue, by someone other than a maintainer, starts the claim comment's days, as the sync
 * reads them from the timeline; a maintainer's comment is the issue's first answer when none earlier is known,
 * and the project's responsiveness moves with it (catalog/sync/maintainer-answers.ts, the sync's own reckoning).
 * Edited and deleted comments wait for the sync.
 */
export async function applyCommentEvent(
  repository: WebhooksRepository,
  trx: Transaction<DB>,
  project: DeliveryProject,
  payload: Json,
): Promise<Applied> {
  const action = readAction(payload);
  const issue = readIssue(payload);
  const comment = readComment(payload);
  if (action !== 'created' || issue.isPullRequest) return IGNORED;
  const stored = await storeIssue(repository, trx, project, issue);
  const byMaintainer = MAINTAINER_ASSOCIATIONS.has(comment.association);
  if (byMaintainer) {
    await recordMaintainerAnswer(trx, project.id, {
      number: issue.number,
      createdAt: issue.createdAt,
      at: comment.at,
    });
  }
  const claimed =
    !byMaintainer && isClaimComment(comment.body)
      ? await repository.recordClaimComment(trx, project.id, issue.number, { by: comment.by, at: comment.at })
      : null;
  return applied([stored, claimed]);
}
