import { ErrorCode, ISSUES_CHANGED_MAX_IDS, type WebhookOutcome } from '@openlfg/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { EventBus } from '../platform/bus/index.js';
import { retryTransaction } from '../platform/db/retry.js';
import { countWebhookDelivery } from '../platform/metrics.js';
import type { DB } from '../platform/db/schema.js';
import { badRequest, HttpError, notFound } from '../platform/http/errors.js';
import { IGNORED, type Applied } from './applied.js';
import { applyCommentEvent } from './comment-events.js';
import { applyInstallationEvent, applyInstallationRepositoriesEvent } from './installation-events.js';
import { applyIssueEvent } from './issue-events.js';
import { isRecord, MalformedPayload, readRepositoryName, type Json } from './payloads.js';
import { applyPullRequestEvent } from './pull-request-events.js';
import type { DeliveryProject, WebhooksRepository } from './repository.js';
import { isSignedBy } from './signature.js';

/** One delivery as it arrived: GitHub's headers and the raw body the signature covers. */
export interface Delivery {
  event: string | undefined;
  deliveryId: string | undefined;
  signature: string | undefined;
  body: Buffer;
}

export interface DeliveryAnswer {
  status: 200 | 202;
  body: WebhookOutcome;
}

type RepositoryApplier = (
  repository: WebhooksRepository,
  trx: Transaction<DB>,
  project: DeliveryProject,
  payload: Json,
) => Promise<Applied>;

/** Events about one repository: applied when it is a catalogued project, ignored otherwise. */
const REPOSITORY_EVENTS: Record<string, RepositoryApplier> = {
  issues: applyIssueEvent,
  issue_comment: applyCommentEvent,
  pull_request: applyPullRequestEvent,
};

/** The App's events, about installations rather than one repository. */
const INSTALLATION_EVENTS: Record<
  string,
  (r: WebhooksRepository, trx: Transaction<DB>, p: Json) => Promise<Applied>
> = {
  installation: applyInstallationEvent,
  installation_repositories: applyInstallationRepositoriesEvent,
};

/** GitHub's delivery ids are GUIDs; anything of this shape is accepted as the key it is. */
const DELIVERY_ID = /^[A-Za-z0-9-]{1,100}$/;
const EVENT_NAME = /^[a-z_]{1,60}$/;

/** Delivery ids are kept this long (GitHub lets a delivery be sent again for three days), pruned hourly per node. */
const DELIVERY_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Thrown inside the transaction to roll back a delivery that turned out to change nothing (its id unrecorded). */
class NothingApplied extends Error {}

/**
 * GitHub's webhook deliveries. Each is applied WITHIN the request's transaction: the delivery's id and its effect
 * commit together, before the answer, so a node that stops right after answering has lost nothing, and a
 * redelivery (GitHub's or a person's, same id) finds the id and changes nothing. Of the two ways to lose nothing,
 * this is the simpler: the other, a durable queue of raw deliveries that a worker applies after the answer, would
 * answer sooner but needs the worker, its retries and its backlog, and a delivery here is a few indexed statements.
 * What changed reaches open pages through the bus (`issues-changed`), published only if the transaction commits.
 */
export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  /** Null: webhooks are not set up, the route says so with 404. */
  secret: string | null;
  bus: Pick<EventBus, 'publishOnCommit'>;
  /** Alerts for new issues (alerts/service.ts): told of the issues a delivery stored for the first time. */
  alertNewIssues: (trx: Transaction<DB>, issueIds: readonly number[]) => Promise<() => void>;
  log: FastifyBaseLogger;
}) {
  const { repository, secret } = deps;
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function apply(event: string, payload: Json, trx: Transaction<DB>): Promise<Applied> {
    const installationApplier = INSTALLATION_EVENTS[event];
    if (installationApplier) return installationApplier(repository, trx, payload);
    const applier = REPOSITORY_EVENTS[event];
    if (!applier) return IGNORED;
    const project = await repository.projectByRepo(trx, readRepositoryName(payload));
    return project ? applier(repository, trx, project, payload) : IGNORED;
  }

  async function receive(delivery: Delivery): Promise<DeliveryAnswer> {
    if (secret === null) {
      throw notFound(
        'GitHub webhooks are not set up on this server: set GITHUB_WEBHOOK_SECRET to the webhook secret of your GitHub App.',
      );
    }
    // Before anything is read from the body: an unsigned or forged delivery learns nothing and changes nothing.
    if (!isSignedBy(secret, delivery.body, delivery.signature)) {
      throw new HttpError(
        401,
        ErrorCode.unauthenticated,
        'X-Hub-Signature-256 is missing or does not sign this body with the webhook secret.',
      );
    }
    const event = delivery.event?.trim() ?? '';
    const deliveryId = delivery.deliveryId?.trim() ?? '';
    if (!EVENT_NAME.test(event)) throw badRequest('X-GitHub-Event is missing or not an event name.');
    if (!DELIVERY_ID.test(deliveryId)) throw badRequest('X-GitHub-Delivery is missing or not a delivery id.');
    const payload = parsePayload(delivery.body);
    if (!INSTALLATION_EVENTS[event] && !REPOSITORY_EVENTS[event]) return answer(event, 'ignored');

    let pushes: (() => void)[] = [];
    try {
      const outcome = await retryTransaction(
        () =>
          repository.transaction(async (trx) => {
            pushes = [];
            if (!(await repository.recordDelivery(trx, deliveryId, event))) return 'duplicate' as const;
            if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
              await repository.pruneDeliveries(trx, DELIVERY_DAYS);
              prunedAt = Date.now();
            }
            const result = await apply(event, payload, trx);
            if (result.kind === 'ignored') throw new NothingApplied();
            if (result.newIssueIds.length > 0)
              pushes.push(await deps.alertNewIssues(trx, result.newIssueIds));
            for (let start = 0; start < result.issueIds.length; start += ISSUES_CHANGED_MAX_IDS) {
              const issueIds = result.issueIds.slice(start, start + ISSUES_CHANGED_MAX_IDS);
              pushes.push(await deps.bus.publishOnCommit(trx, { kind: 'issues-changed', issueIds }));
            }
            return 'applied' as const;
          }),
        deps.log,
        'applying a GitHub delivery',
      );
      for (const push of pushes) push();
      return answer(event, outcome);
    } catch (error) {
      if (error instanceof NothingApplied) return answer(event, 'ignored');
      if (error instanceof MalformedPayload) throw badRequest(error.message);
      throw error;
    }
  }

  function answer(event: string, outcome: WebhookOutcome['outcome']): DeliveryAnswer {
    countWebhookDelivery(event, outcome);
    return { status: outcome === 'ignored' ? 202 : 200, body: { outcome } };
  }

  return { receive };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

function parsePayload(body: Buffer): Json {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The delivery body is not JSON.');
  }
  if (!isRecord(value)) throw badRequest('The delivery body is not a JSON object.');
  return value;
}
