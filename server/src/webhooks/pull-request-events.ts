import type { Transaction } from 'kysely';
import { linkedIssueNumbers } from '../github/repo-client.js';
import type { DB } from '../platform/db/schema.js';
import { applied, IGNORED, type Applied } from './applied.js';
import { readAction, readPreviousText, readPullRequest, type Json } from './payloads.js';
import type { DeliveryProject, WebhooksRepository } from './repository.js';

/**
 * `pull_request`: the issues an open pull request's title and body close ("Fixes #12", the parser the project's
 * issue list uses) show it as their linked pull request; closing it (merged or not) takes it off every issue that
 * shows it; an edit that drops an issue from its text takes it off that one.
 */
export async function applyPullRequestEvent(
  repository: WebhooksRepository,
  trx: Transaction<DB>,
  project: DeliveryProject,
  payload: Json,
): Promise<Applied> {
  const action = readAction(payload);
  const pull = readPullRequest(payload);
  const linked = (text: { title: string; body: string }) =>
    linkedIssueNumbers([{ number: pull.number, title: text.title, body: text.body }], project.repoExt);
  if (action === 'closed' || ((action === 'reopened' || action === 'edited') && !pull.open)) {
    return applied(await repository.unlinkPullRequest(trx, project.id, pull.number, null));
  }
  if (action !== 'opened' && action !== 'reopened' && action !== 'edited') return IGNORED;
  const now = linked(pull);
  const dropped =
    action === 'edited'
      ? linked(readPreviousText(payload, pull)).filter((number) => !now.includes(number))
      : [];
  return applied([
    ...(await repository.unlinkPullRequest(trx, project.id, pull.number, dropped)),
    ...(await repository.linkPullRequest(trx, project.id, now, pull)),
  ]);
}
