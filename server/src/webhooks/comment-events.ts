import type { Transaction } from 'kysely';
import { isClaimComment } from '../catalog/sync/claim-phrases.js';
import { MAINTAINER_ASSOCIATIONS } from '../catalog/sync/issue-facts.js';
import type { DB } from '../platform/db/schema.js';
import { applied, IGNORED, type Applied } from './applied.js';
import { storeIssue } from './issue-events.js';
import { readAction, readComment, readIssue, type Json } from './payloads.js';
import type { DeliveryProject, WebhooksRepository } from './repository.js';

/**
 * `issue_comment` created: the issue's own facts (its comment count) as the delivery shows them, and a comment
 * saying its author takes the issue, by someone other than a maintainer, starts the claim comment's days, as the
 * sync reads them from the timeline. A maintainer's reply would feed the project's responsiveness, but the data
 * model keeps only the median over the recent issues (projects.maintainer_median_hours), not each issue's first
 * answer, so the sync's next read measures it. Edited and deleted comments wait for the sync too.
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
  const claims = !MAINTAINER_ASSOCIATIONS.has(comment.association) && isClaimComment(comment.body);
  const claimed = claims
    ? await repository.recordClaimComment(trx, project.id, issue.number, { by: comment.by, at: comment.at })
    : null;
  return applied([stored, claimed]);
}
