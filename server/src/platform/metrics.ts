import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@openlfg/contracts';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What this node counts for Prometheus (`/metrics`, on when METRICS_TOKEN is set). One registry per process:
 * the features count through the functions below with one line each, and the app reads its own gauges (the
 * realtime hub's sockets and rooms) when scraped.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'openlfg_' });

const httpDuration = new Histogram({
  name: 'openlfg_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});
const notifications = new Counter({
  name: 'openlfg_notifications_total',
  help: 'Notifications committed, one per recipient, by kind.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});
const mailSent = new Counter({
  name: 'openlfg_mail_sent_total',
  help: 'Mail messages the SMTP server accepted.',
  registers: [metricsRegistry],
});
const syncRuns = new Counter({
  name: 'openlfg_sync_runs_total',
  help: 'Catalogue sync runs this node ran, by how they ended.',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
});
const webhookDeliveries = new Counter({
  name: 'openlfg_github_webhook_deliveries_total',
  help: "GitHub's signed webhook deliveries this node answered, by event and outcome (applied, duplicate, ignored).",
  labelNames: ['event', 'outcome'] as const,
  registers: [metricsRegistry],
});
const githubBudget = new Gauge({
  name: 'openlfg_github_budget_remaining',
  help: "GitHub's rate-limit budget left at the end of this node's last sync run: REST requests, GraphQL points.",
  labelNames: ['resource'] as const,
  registers: [metricsRegistry],
});

const syncCost = new Counter({
  name: 'openlfg_github_sync_cost_total',
  help: "What this node's sync runs spent of GitHub's budgets, and saved: GraphQL points, REST requests GitHub counted, REST requests answered 304 Not Modified (free).",
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});
const issueRechecks = new Counter({
  name: 'openlfg_issue_rechecks_total',
  help: 'Issues this node rechecked with GitHub on view, by what came of it: changed, unchanged, unknown (GitHub could not say), failed (GitHub did not answer).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
const recheckBudgetRefusals = new Counter({
  name: 'openlfg_issue_recheck_budget_refusals_total',
  help: "Views whose stale issues were not rechecked because the hour's recheck budget was spent.",
  registers: [metricsRegistry],
});

/** The realtime hub's figures, read when scraped; the latest app built in this process answers. */
let realtimeStats: (() => { clients: number; rooms: number }) | null = null;
new Gauge({
  name: 'openlfg_realtime_sockets',
  help: 'Open WebSockets on this node.',
  registers: [metricsRegistry],
  collect() {
    this.set(realtimeStats?.().clients ?? 0);
  },
});
new Gauge({
  name: 'openlfg_realtime_rooms',
  help: 'Discussion rooms followed by at least one socket on this node.',
  registers: [metricsRegistry],
  collect() {
    this.set(realtimeStats?.().rooms ?? 0);
  },
});

export function countNotifications(kind: string, recipients: number): void {
  notifications.inc({ kind }, recipients);
}

/** A signed delivery answered (the event name is GitHub's, from a bounded set: the signature was checked first). */
export function countWebhookDelivery(event: string, outcome: string): void {
  webhookDeliveries.inc({ event, outcome });
}

export function countMailSent(): void {
  mailSent.inc();
}

/** A sync run that ran (completed, interrupted or failed), and the GitHub budget it left. */
export function countSyncRun(report: {
  status: string;
  budgets: { github: { remaining: number } | null; graphql: { remaining: number } | null };
  cost: { graphqlPoints: number; restRequests: number; notModified: number };
}): void {
  syncRuns.inc({ status: report.status });
  syncCost.inc({ kind: 'graphql_points' }, report.cost.graphqlPoints);
  syncCost.inc({ kind: 'rest_requests' }, report.cost.restRequests);
  syncCost.inc({ kind: 'not_modified' }, report.cost.notModified);
  if (report.budgets.github) githubBudget.set({ resource: 'rest' }, report.budgets.github.remaining);
  if (report.budgets.graphql) githubBudget.set({ resource: 'graphql' }, report.budgets.graphql.remaining);
}

/** Issues a recheck on view asked GitHub about, by outcome. */
export function countIssueRechecks(
  outcome: 'changed' | 'unchanged' | 'unknown' | 'failed',
  issues: number,
): void {
  if (issues > 0) issueRechecks.inc({ outcome }, issues);
}

/** A view's recheck refused: the hour's budget is spent. */
export function countRecheckBudgetRefusal(): void {
  recheckBudgetRefusals.inc();
}

export function observeRealtime(stats: () => { clients: number; rooms: number }): void {
  realtimeStats = stats;
}

/**
 * Times every request by its route pattern (`/api/group-projects/:groupProjectId`, never the id itself, so the
 * series stay few), and serves `/metrics` when a token is set: only to `Authorization: Bearer <token>` (401
 * otherwise, compared in constant time). Without a token it answers 404.
 */
export function registerMetrics(app: FastifyInstance, token: string | null): void {
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  if (token === null) {
    // Whatever the pages would answer for it (the site's 404 page, or 503 when the web app is not built).
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.status(404).send({
        error: { code: ErrorCode.notFound, message: 'Metrics are off: set METRICS_TOKEN to turn them on.' },
      }),
    );
    return;
  }
  const expected = digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    reply.header('cache-control', 'no-store');
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({
          error: {
            code: ErrorCode.unauthenticated,
            message: 'The metrics need Authorization: Bearer <METRICS_TOKEN>.',
          },
        });
    }
    reply.type(metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
}

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
