import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { migrateToLatest } from '../../server/dist/platform/db/migrate.js';
import { openConfiguredDatabase } from '../../server/dist/platform/db/open-configured.js';
import { postgresUrl } from './http/settings.js';
import { freshServerDatabase } from './http/server.js';
import { runWebhooksLiveBench } from './webhooks-live.js';
import { assignmentDelivery, seedWebhookIssues } from './webhook-delivery.js';

/** A delivery's handling, p99: fresh to the minute needs deliveries handled as fast as GitHub sends them. */
const TARGET_P99_MS = 20;
const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 2000);
const WARM_UP = 200;
const ISSUES = 200;
const SECRET = randomBytes(16).toString('hex');
const REPO = 'bench/webhooks';

/**
 * GitHub's webhook deliveries (POST /api/github/webhooks), one at a time through the app (inject: no network):
 * each an `issues` assigned or unassigned delivery of one of 200 stored beginner issues, signed, checked, applied
 * in its transaction with its delivery id, its bus event published. The time of each, from the request to the
 * answer; p50 and p99 printed beside the target. On PGlite, and on PostgreSQL when a server is named.
 */
export async function runWebhooksBench(): Promise<boolean> {
  await benchOn('PGlite', {});
  if (postgresUrl) {
    await benchOn('PostgreSQL', {
      DATABASE_URL: await freshServerDatabase(postgresUrl, 'openlfg_bench_webhooks'),
    });
  }
  // End to end on two nodes (webhooks-live.ts): from a delivery to node A to the finder's frame on node B.
  return runWebhooksLiveBench();
}

async function benchOn(label: string, env: NodeJS.ProcessEnv): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    GITHUB_CLIENT_ID: 'bench',
    GITHUB_CLIENT_SECRET: 'bench',
    GITHUB_WEBHOOK_SECRET: SECRET,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openlfg-bench-webhooks-')),
    ...env,
  });
  const database = await openConfiguredDatabase(config);
  await migrateToLatest(database.db);
  const created = new Date(Date.now() - 86_400_000);
  await seedWebhookIssues(database.db, { repo: REPO, name: 'webhooks', issues: ISSUES, createdAt: created });
  const app = await buildApp({ config, database, webDistDir: null, logger: false });
  await app.ready();
  try {
    const times: number[] = [];
    // The floor measured in the same run: a bare request (liveness, no database) between deliveries, so a
    // loaded machine's figures say how much of the delivery's time is the machine's.
    const bare: number[] = [];
    for (let i = 0; i < WARM_UP + DELIVERIES; i++) {
      const { headers, body } = assignmentDelivery({
        i,
        issues: ISSUES,
        repo: REPO,
        secret: SECRET,
        createdAt: created,
        deliveryId: `bench-${i}`,
      });
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/github/webhooks',
        headers,
        payload: body,
      });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`a delivery answered ${res.statusCode}: ${res.body}`);
      if (i >= WARM_UP) times.push(elapsed);
      const bareStarted = performance.now();
      await app.inject({ method: 'GET', url: '/api/health' });
      if (i >= WARM_UP) bare.push(performance.now() - bareStarted);
    }
    const quantile = (values: number[], q: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    };
    const at = (q: number) => quantile(times, q);
    const p99 = at(0.99);
    console.log(
      `\n== GitHub webhook deliveries, ${label}: ${DELIVERIES} issues deliveries (assigned / unassigned), one at a time`,
    );
    console.log(`  ${'delivery handled, p50 (ms)'.padEnd(52)} ${at(0.5).toFixed(2).padStart(6)}`);
    console.log(
      `  ${'delivery handled, p99 (ms)'.padEnd(52)} ${p99.toFixed(2).padStart(6)}   target ${TARGET_P99_MS}   ${p99 <= TARGET_P99_MS ? 'met' : 'NOT MET'}`,
    );
    console.log(
      `  ${'floor: GET /api/health between them, p50 / p99 (ms)'.padEnd(52)} ${quantile(bare, 0.5).toFixed(2).padStart(6)} / ${quantile(bare, 0.99).toFixed(2)}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
