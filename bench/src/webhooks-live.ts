import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ServerFrame } from '@openlfg/contracts';
import WebSocket from 'ws';
import { openDatabase } from '../../server/dist/platform/db/database.js';
import { migrateToLatest } from '../../server/dist/platform/db/migrate.js';
import { createNodes, type BenchNode } from './realtime/nodes.js';
import { startBenchPostgres, type BenchPostgres } from './realtime/postgres.js';
import { assignmentDelivery, seedWebhookIssues, type BenchDelivery } from './webhook-delivery.js';

/** From a delivery to the taken signal's change on an open finder on another node, p99 (the issue's target). */
const TARGET_P99_MS = 1000;
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 30);
/** Deliveries at the rate before the timed ones (pools, plans, JIT): checked, not timed. */
const WARMUP_SECONDS = 5;
/** How long the last deliveries' frames are waited for after the last one came; one missing then is lost. */
const DRAIN_MS = 5000;
/** Node A's and node B's ports (BENCH_WEBHOOK_PORTS=4611,4612). */
const PORTS = (process.env.BENCH_WEBHOOK_PORTS ?? '4611,4612').split(',').map(Number) as [number, number];
/**
 * Issues the deliveries go round: a minute of deliveries at 100 a second before the same issue comes again, so two
 * deliveries of one issue are never in flight together, even on a crowded node (the later one committed first
 * would make the earlier one's change a refused, out-of-order one, heard of nowhere).
 */
const ISSUES = 6000;
const REPO = 'bench/live-webhooks';
const SECRET = randomBytes(16).toString('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fresh to the minute, end to end: two nodes (server-process.ts) on one PostgreSQL server (the realtime round's
 * private one, else BENCH_DATABASE_URL or TEST_DATABASE_URL). GitHub's deliveries, signed, are sent to node A at
 * RATE a second, open loop (each `issues` assigned or unassigned of one of 6,000 stored beginner issues, so every
 * one changes its taken signal); an anonymous WebSocket on node B follows the issues as an open finder does
 * (`follow-issues`, web/src/features/issues/use-live-issues.ts). Each delivery's time runs from its sending to the
 * `issues-changed` frame naming its issue on node B: node A's transaction, the NOTIFY at its commit, node B's
 * LISTEN and its frame. Prints p50 and p99 beside the target, the frames lost, and node A's answers' p99.
 */
export async function runWebhooksLiveBench(): Promise<boolean> {
  const pgServer = await startBenchPostgres();
  if (!pgServer) {
    console.log(
      '\n== GitHub webhook deliveries, live on another node: skipped (no PostgreSQL binaries, no BENCH_DATABASE_URL or TEST_DATABASE_URL)',
    );
    return true;
  }
  const nodes: BenchNode[] = [];
  const onSignal = () => {
    void Promise.all(nodes.map((node) => node.stop()))
      .then(() => pgServer.dispose())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  try {
    const issueIds = await seed(pgServer);
    nodes.push(
      ...createNodes(pgServer.url, {
        ports: PORTS,
        env: { GITHUB_WEBHOOK_SECRET: SECRET, BENCH_LOG_LEVEL: 'error' },
      }),
    );
    const [nodeA, nodeB] = nodes as [BenchNode, BenchNode];
    await Promise.all([nodeA.start(), nodeB.start()]);
    return await measure(nodeA, nodeB, issueIds);
  } finally {
    process.off('SIGINT', onSignal);
    for (const node of nodes) await node.stop();
    await pgServer.dispose();
  }
}

/** The catalogue: one project and its open beginner issues. Answers each issue's id by its number. */
async function seed(pgServer: BenchPostgres): Promise<Map<number, number>> {
  const database = await openDatabase({ kind: 'postgres', url: pgServer.url, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    return await seedWebhookIssues(database.db, {
      repo: REPO,
      name: 'live-webhooks',
      issues: ISSUES,
      createdAt: new Date(Date.now() - 86_400_000),
    });
  } finally {
    await database.close();
  }
}

/** The i-th delivery, with an id of its own each run. */
function delivery(i: number): BenchDelivery {
  return assignmentDelivery({
    i,
    issues: ISSUES,
    repo: REPO,
    secret: SECRET,
    createdAt: new Date(Date.now() - 86_400_000),
    deliveryId: `live-${i}-${randomBytes(4).toString('hex')}`,
  });
}

/** An anonymous socket on `node` following the issues; `onChanged` hears each `issues-changed` frame. */
async function openFinder(
  node: BenchNode,
  onChanged: (ids: number[], at: number) => void,
): Promise<WebSocket> {
  const socket = new WebSocket(node.wsUrl, { headers: { origin: node.origin }, perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data) => {
      const at = performance.now();
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === 'ready') {
        socket.send(JSON.stringify({ type: 'follow-issues' }));
        resolve();
      } else if (frame.type === 'issues-changed') onChanged(frame.issueIds, at);
    });
  });
  return socket;
}

interface Sent {
  at: number;
  timed: boolean;
}

async function measure(nodeA: BenchNode, nodeB: BenchNode, issueIds: Map<number, number>): Promise<boolean> {
  // Per issue id, its deliveries not yet heard of on node B, oldest first.
  const pending = new Map<number, Sent[]>();
  const latencies: number[] = [];
  const answers: number[] = [];
  let timedCount = 0;
  let heard = 0;
  let failed = 0;
  // Changes heard of no delivery waiting (a delivery refused as older than the stored issue, in a crowd).
  let unmatched = 0;
  const finder = await openFinder(nodeB, (ids, at) => {
    for (const id of ids) {
      const sent = pending.get(id)?.shift();
      if (sent === undefined) {
        unmatched += 1;
        continue;
      }
      heard += 1;
      if (sent.timed) latencies.push(at - sent.at);
    }
  });
  const inFlight = new Set<Promise<void>>();
  const send = (i: number, timed: boolean) => {
    const { number, headers, body } = delivery(i);
    const id = issueIds.get(number) as number;
    const sent: Sent = { at: performance.now(), timed };
    if (timed) timedCount += 1;
    pending.set(id, [...(pending.get(id) ?? []), sent]);
    const fail = () => {
      // Nothing changed, so nothing will be heard of it.
      if (timed) failed += 1;
      pending.set(
        id,
        (pending.get(id) ?? []).filter((other) => other !== sent),
      );
    };
    const request = fetch(`${nodeA.origin}/api/github/webhooks`, { method: 'POST', headers, body })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) fail();
        else if (timed) answers.push(performance.now() - sent.at);
      })
      .catch(fail)
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  try {
    // The socket follows once its first change arrives (follow-issues has no answer): deliveries until then,
    // and a second for their frames, are not counted.
    let i = 0;
    while (heard === 0) {
      if (i >= 100) throw new Error('node B told the finder socket of no change in 100 deliveries');
      send(i++, false);
      await sleep(50);
    }
    await sleep(1000);
    pending.clear();
    unmatched = 0;
    const warmup = WARMUP_SECONDS * RATE;
    const total = warmup + SECONDS * RATE;
    const start = performance.now();
    for (let k = 0; k < total; k++) {
      const slot = start + (k * 1000) / RATE;
      const wait = slot - performance.now();
      if (wait > 0) await sleep(wait);
      send(i++, k >= warmup);
    }
    await Promise.all(inFlight);
    // Waited for while they keep coming (a crowded node B is late, not losing them), for a minute at most.
    const giveUpAt = performance.now() + 60_000;
    let progressAt = performance.now();
    let seen = latencies.length;
    while (latencies.length < timedCount - failed) {
      const now = performance.now();
      if (latencies.length > seen) [seen, progressAt] = [latencies.length, now];
      if (now - progressAt > DRAIN_MS || now > giveUpAt) break;
      await sleep(20);
    }
  } finally {
    finder.close();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (values: number[], q: number) =>
    values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
  const p99 = at(sorted, 0.99);
  const lost = timedCount - failed - latencies.length;
  const sortedAnswers = [...answers].sort((a, b) => a - b);
  console.log(
    `\n== GitHub webhook deliveries, live on another node: PostgreSQL, 2 nodes, ${RATE} deliveries/s x ${SECONDS} s to node A, an open finder's socket on node B`,
  );
  console.log(
    `  ${'delivery to the changed taken signal on node B, p50 (ms)'.padEnd(60)} ${at(sorted, 0.5).toFixed(1).padStart(7)}`,
  );
  console.log(
    `  ${'delivery to the changed taken signal on node B, p99 (ms)'.padEnd(60)} ${p99.toFixed(1).padStart(7)}   target ${TARGET_P99_MS}   ${p99 <= TARGET_P99_MS && lost === 0 ? 'met' : 'NOT MET'}`,
  );
  console.log(
    `  ${'deliveries answered by node A, p50 / p99 (ms)'.padEnd(60)} ${at(sortedAnswers, 0.5).toFixed(1).padStart(7)} / ${at(sortedAnswers, 0.99).toFixed(1)}`,
  );
  console.log(
    `  ${'timed deliveries, refused or failed, changes not heard on B'.padEnd(60)} ${String(timedCount).padStart(7)}, ${failed}, ${lost}   (${unmatched} heard of none)`,
  );
  const crashed = [...nodeA.crashes, ...nodeB.crashes];
  if (crashed.length > 0) console.log(`  nodes that died: ${crashed.join('; ')}`);
  return failed === 0 && lost === 0 && crashed.length === 0;
}
