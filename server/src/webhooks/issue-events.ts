import type { Transaction } from 'kysely';
import { isBeginnerFriendly } from '../catalog/sources/index.js';
import type { DB } from '../platform/db/schema.js';
import { applied, IGNORED, type Applied, type StoredIssue } from './applied.js';
import { readAction, readIssue, type IssueSnapshot, type Json } from './payloads.js';
import type { DeliveryProject, WebhooksRepository } from './repository.js';

/** The `issues` actions that can change what the finder shows. */
const FOLLOWED_ACTIONS: ReadonlySet<string> = new Set([
  'opened',
  'closed',
  'reopened',
  'labeled',
  'unlabeled',
  'assigned',
  'unassigned',
  'edited',
  'transferred',
  'deleted',
]);

/** Actions after which the issue is no longer in this repository, whatever its state says. */
const GONE_ACTIONS: ReadonlySet<string> = new Set(['deleted', 'transferred']);

/**
 * The issue as the delivery shows it, stored as the sync would store it: an open issue with a beginner label is
 * written (its title, labels, comments and assignee), anything else leaves the finder (closed, relabelled, gone).
 * Whatever the action, the issue's state in the payload is the truth: one rule covers them all, and a late delivery
 * is refused by its date (repository).
 */
export function storeIssue(
  repository: WebhooksRepository,
  trx: Transaction<DB>,
  project: DeliveryProject,
  issue: IssueSnapshot,
  gone = false,
): Promise<StoredIssue | number | null> {
  const beginner = isBeginnerFriendly(issue.labels.map((label) => label.name));
  return !gone && issue.open && beginner
    ? repository.writeOpenBeginnerIssue(trx, project.id, issue)
    : repository.markLeft(trx, project.id, issue.number);
}

export async function applyIssueEvent(
  repository: WebhooksRepository,
  trx: Transaction<DB>,
  project: DeliveryProject,
  payload: Json,
): Promise<Applied> {
  const action = readAction(payload);
  const issue = readIssue(payload);
  if (!FOLLOWED_ACTIONS.has(action) || issue.isPullRequest) return IGNORED;
  return applied([await storeIssue(repository, trx, project, issue, GONE_ACTIONS.has(action))]);
}
