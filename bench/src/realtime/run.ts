import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type * as DatabaseModule from '../../../server/dist/platform/db/database.js';
import type { Database } from '../../../server/dist/platform/db/database.js';
import type * as FixturesModule from './fixtures.js';
import { checkAcks, checkDeliveries, percentile, waitForQuiet } from './check.js';
import { withCleanups, type Cleanups } from './cleanups.js';
import { killScenario, restartScenario } from './faults.js';
import { freezeScenario, printFreeze } from './freeze.js';
import { createNodes, THIS_CHECKOUT, type BenchNode } from './nodes.js';
import { startBenchPostgres, type BenchPostgres } from './postgres.js';
import { loadOk, printKill, printLoad, printRestart, type Delivery } from './report.js';
import { Senders } from './senders.js';
import { startSubscribers, Subscriber } from './subscribers.js';

const ROOMS = 50;
const PER_ROOM = 10;
const RATE = Number(process.env.BENCH_REALTIME_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_REALTIME_SECONDS ?? 60);
/** Sending before the measured load, the rate ramping up to RATE (JIT, pools, plans): checked, not timed. */
const WARMUP_SECONDS = Number(process.env.BENCH_REALTIME_WARMUP_SECONDS ?? 10);
/** Which faults: `0` none, else a list of kill, freeze, restart (default: all three, in that order). */
const FAULT_NAMES = ['kill', 'freeze', 'restart'] as const;
const faultsAsked = process.env.BENCH_REALTIME_FAULTS ?? FAULT_NAMES.join(',');
const FAULT_SET = new Set<string>(
  faultsAsked === '0' ? [] : faultsAsked === '1' ? FAULT_NAMES : faultsAsked.split(','),
);
const FAULTS = FAULT_SET.size > 0;
/** When the faults happen, as fractions of the load's duration. */
const KILL_AT = 0.25;
const FREEZE_AT = 0.4;
const RESTART_AT = 0.75;
/** Deliveries of messages sent from this long before a fault until its recovery are not steady state. */
const FAULT_MARGIN_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The realtime scenarios of `npm run bench`: two nodes on one PostgreSQL server under a steady load of posts
 * and subscribers; mid-load, node B is killed with SIGKILL and started again, then frozen with SIGSTOP for
 * 10 s while it holds a room's lock (freeze.ts), later the PostgreSQL server is restarted. Prints delivery,
 * latency and recovery figures beside the targets. Answers false when a correctness check failed (loss,
 * duplicates, order, an acknowledged message missing, a node that died). BENCH_REALTIME_AB runs ab.ts instead.
 */
export async function runRealtimeBench(): Promise<boolean> {
  const unknown = [...FAULT_SET].filter((name) => !(FAULT_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_REALTIME_FAULTS must be 0 or a list of ${FAULT_NAMES.join(', ')} (got ${faultsAsked})`,
    );
  }
  return withCleanups('realtime bench', async (cleanups) => {
    console.log(
      `\n== realtime: 2 nodes on one PostgreSQL server, ${ROOMS * PER_ROOM} subscribers, ${ROOMS} rooms, ${RATE} msg/s x ${SECONDS} s` +
        (FAULTS
          ? `, then ${SECONDS} s more with faults: ${[
              FAULT_SET.has('kill') ? 'node B killed' : '',
              FAULT_SET.has('freeze') ? 'node B frozen 10 s' : '',
              FAULT_SET.has('restart') ? 'PostgreSQL restarted' : '',
            ]
              .filter(Boolean)
              .join(', then ')}`
          : ''),
    );
    printMachine();
    const pgServer = await startPostgres(cleanups);
    if (!pgServer) return true;
    return (await runLoad(cleanups, pgServer, { root: THIS_CHECKOUT, faults: FAULT_SET, brief: false })).ok;
  });
}

export function printMachine(): void {
  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} before the start (the nodes, PostgreSQL and this harness share them)`,
  );
}

/** The private PostgreSQL server (or a database on a shared one), stopped or dropped by the cleanups; null: none. */
export async function startPostgres(cleanups: Cleanups): Promise<BenchPostgres | null> {
  let postgres: BenchPostgres | null;
  try {
    postgres = await startBenchPostgres();
  } catch (error) {
    console.log(`could not start a private PostgreSQL server: ${(error as Error).message}`);
    postgres = null;
  }
  if (!postgres) {
    console.log(
      'skipped: no PostgreSQL binaries for a private server, and no BENCH_DATABASE_URL or TEST_DATABASE_URL',
    );
    return null;
  }
  const pgServer = postgres;
  cleanups.push(() => pgServer.dispose());
  console.log(
    pgServer.restartable
      ? `private PostgreSQL server: ${new URL(pgServer.url).host}`
      : `shared PostgreSQL server ${new URL(pgServer.url).host} (no private server: the restart scenario is skipped)`,
  );
  return pgServer;
}

/** One run's steady-part figures (every steady delivery, same node and cross node), as the A/B bench compares them. */
export interface LoadSummary {
  ok: boolean;
  medianMs: number;
  p99Ms: number;
  lost: number;
  sent: number;
  /** add-message answers by status (and network errors by code), every attempt counted. */
  statuses: Map<string, number>;
  /** Medians of the two halves of a delivery: send to its transaction's start, that start to the frame. */
  toTransactionMs: number;
  fromTransactionMs: number;
  /** Every steady delivery's latency, for the A/B bench's pooled median. */
  latencies: number[];
}

/**
 * One run on `pgServer`'s database as it is (the caller makes it fresh): the nodes of the checkout at
 * `root` (their build, and its fixtures made through its own code, so another revision's schema gets its own
 * rows), the subscribers, the load, then with `faults` the fault scenarios. `brief` prints nothing (the A/B
 * bench prints one line per run). Everything it starts is pushed on `cleanups`.
 */
export async function runLoad(
  cleanups: Cleanups,
  pgServer: BenchPostgres,
  options: { root: string; faults: Set<string>; brief: boolean },
): Promise<LoadSummary> {
  const { root, brief } = options;
  const faultSet = options.faults;
  const faults = faultSet.size > 0;
  const log = brief ? () => {} : (line: string) => console.log(line);
  // The checkout's own modules: its database layer and its fixtures (its schema's rows, made by its code).
  const { openDatabase } = (await import(
    pathToFileURL(path.join(root, 'server/dist/platform/db/database.js')).href
  )) as typeof DatabaseModule;
  const { createRooms } = (await import(
    pathToFileURL(path.join(root, 'bench/src/realtime/fixtures.ts')).href
  )) as typeof FixturesModule;
  const nodes = createNodes(pgServer.url, { root });
  const nodeB = nodes[1];
  cleanups.push(() => Promise.all(nodes.map((node) => node.stop())).then(() => {}));
  // A first: it applies the migrations; B then finds them applied.
  const startTimes: string[] = [];
  for (const node of nodes) {
    const started = performance.now();
    await node.start();
    startTimes.push(
      `node ${node.name} listening on :${node.port} after ${(performance.now() - started).toFixed(0)} ms`,
    );
  }
  log(startTimes.join(', '));

  const database: Database = await openDatabase({ kind: 'postgres', url: pgServer.url, poolSize: 4 });
  cleanups.push(() => database.close());
  const rooms = await createRooms(database.db, ROOMS, PER_ROOM);

  const senders = new Senders(rooms, nodes);
  const deliveries: Delivery[] = [];
  const subscribers = rooms.flatMap((room) =>
    room.members.map((member, index) => {
      const nodeIndex = index % nodes.length;
      const node = nodes[nodeIndex] as BenchNode;
      return new Subscriber(member, room, node, nodeIndex, (subscriber, message, at) => {
        const record = senders.records.get(message.clientId);
        if (!record) return;
        deliveries.push({
          clientId: message.clientId,
          latencyMs: at - record.startedAt,
          // Only one attempt so far: that node committed it. Retried ones are told apart at the end.
          sameNode: record.attemptNodes.length === 1 && record.attemptNodes[0] === subscriber.nodeIndex,
          startedAt: record.startedAt,
          // createdAt is the inserting transaction's start (now()): splits the latency, to the millisecond.
          toTransactionMs: Date.parse(message.createdAt) - record.startedWall,
        });
      });
    }),
  );
  cleanups.push(async () => subscribers.forEach((subscriber) => subscriber.stop()));
  await startSubscribers(subscribers);
  log(
    `${subscribers.length} subscribers following their rooms (${subscribers.filter((s) => s.nodeIndex === 0).length} on node A, ${subscribers.filter((s) => s.nodeIndex === 1).length} on node B)`,
  );

  // Warm-up, then the steady load (the latency figures), then as long again with the faults: node B killed
  // and restarted, then the PostgreSQL server restarted. One continuous stream of sends throughout.
  const durationMs = SECONDS * 1000;
  const warmupMs = WARMUP_SECONDS * 1000;
  const sendStart = performance.now();
  const loadStart = sendStart + warmupMs;
  const faultStart = loadStart + durationMs;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let loopDelayP99Ms = Number.NaN;
  setTimeout(() => loopDelay.reset(), warmupMs);
  setTimeout(() => {
    loopDelayP99Ms = loopDelay.percentile(99) / 1e6;
    loopDelay.disable();
  }, warmupMs + durationMs);
  const kill = faultSet.has('kill')
    ? sleep(faultStart + durationMs * KILL_AT - performance.now()).then(() =>
        killScenario(
          nodeB,
          subscribers.filter((subscriber) => subscriber.node === nodeB),
          senders,
          faultStart,
        ),
      )
    : Promise.resolve(null);
  // Each fault after the previous one is over (they are measured one at a time).
  const freeze = faultSet.has('freeze')
    ? kill.then(async () => {
        await sleep(faultStart + durationMs * FREEZE_AT - performance.now());
        return freezeScenario({
          frozen: nodeB,
          other: nodes[0],
          db: database.db,
          rooms: rooms.map((room) => room.room),
          subscribers: subscribers.filter((subscriber) => subscriber.node === nodeB),
          loadStart: faultStart,
        });
      })
    : Promise.resolve(null);
  const restart =
    faultSet.has('restart') && pgServer.restartable
      ? freeze.then(async () => {
          await sleep(faultStart + durationMs * RESTART_AT - performance.now());
          return restartScenario(pgServer, nodes, subscribers, senders, faultStart);
        })
      : Promise.resolve(null);
  // The load lasts its planned time, and while a fault scenario still runs, plus a few seconds after.
  const plannedMs = warmupMs + durationMs + (faults ? durationMs : 0);
  let scenariosDoneAt: number | null = faults ? null : 0;
  void Promise.allSettled([kill, freeze, restart]).then(() => {
    scenariosDoneAt = performance.now();
  });
  const load = senders.run(
    RATE,
    warmupMs,
    (elapsedMs) =>
      elapsedMs < plannedMs || scenariosDoneAt === null || performance.now() < scenariosDoneAt + 3000,
  );
  const [killResult, freezeResult, restartResult] = await Promise.all([kill, freeze, restart, load]);
  const loadEnd = performance.now();

  const quiet = await waitForQuiet(database.db, subscribers, 30_000);
  const deliveryCheck = await checkDeliveries(database.db, subscribers);
  const ackCheck = await checkAcks(database.db, senders.records.values());
  if (killResult) killResult.loss = (await checkDeliveries(database.db, killResult.subscribers)).lost;
  if (freezeResult) {
    // The held rooms' sends around the freeze, through either node: each must be stored once.
    const [from, to] = freezeResult.window;
    freezeResult.heldAcks = await checkAcks(
      database.db,
      [...senders.records.values()].filter(
        (record) =>
          freezeResult.heldRooms.has(record.room.room) &&
          record.startedAt >= from - FAULT_MARGIN_MS &&
          record.startedAt <= to,
      ),
    );
  }
  if (restartResult) {
    const [from, to] = restartResult.window;
    restartResult.acks = await checkAcks(
      database.db,
      [...senders.records.values()].filter(
        (record) => record.startedAt >= from - FAULT_MARGIN_MS && record.startedAt <= to,
      ),
    );
  }

  const steady = (delivery: Delivery) => {
    const record = senders.records.get(delivery.clientId);
    return (
      record !== undefined &&
      record.failures.length === 0 &&
      delivery.startedAt >= loadStart &&
      delivery.startedAt < faultStart
    );
  };
  const loadInput = {
    loadMs: loadEnd - sendStart,
    warmupMs,
    steadyMs: durationMs,
    faultsMs: faults ? loadEnd - faultStart : 0,
    sendStart,
    faultStart,
    quiet,
    deliveries,
    steady,
    deliveryCheck,
    ackCheck,
    statuses: senders.statuses,
    loopDelayP99Ms,
    crashes: nodes.flatMap((node) => node.crashes),
    sockets: {
      opened: subscribers.reduce((sum, subscriber) => sum + subscriber.connections, 0),
      subscribeTimeouts: subscribers.reduce((sum, subscriber) => sum + subscriber.subscribeTimeouts, 0),
      anomalies: subscribers.flatMap((subscriber) => subscriber.anomalies),
    },
  };
  const ok = brief ? loadOk(loadInput) : printLoad(loadInput);
  const steadyDeliveries = deliveries.filter(steady);
  const latencies = steadyDeliveries.map((delivery) => delivery.latencyMs);
  const summary: LoadSummary = {
    ok,
    medianMs: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    lost: deliveryCheck.lost,
    sent: ackCheck.sent,
    statuses: senders.statuses,
    toTransactionMs: percentile(
      steadyDeliveries.map((delivery) => delivery.toTransactionMs),
      0.5,
    ),
    fromTransactionMs: percentile(
      steadyDeliveries.map((delivery) => delivery.latencyMs - delivery.toTransactionMs),
      0.5,
    ),
    latencies,
  };
  if (!faults) {
    log('\nkill, freeze and PostgreSQL restart: skipped (BENCH_REALTIME_FAULTS=0)');
    return summary;
  }
  const killOk = killResult ? printKill(killResult) : true;
  if (!faultSet.has('kill')) console.log(`\nkill: skipped (BENCH_REALTIME_FAULTS=${faultsAsked})`);
  const freezeOk = freezeResult ? printFreeze(freezeResult, senders.records, deliveries) : true;
  if (!faultSet.has('freeze')) console.log(`\nfreeze: skipped (BENCH_REALTIME_FAULTS=${faultsAsked})`);
  let restartOk = true;
  if (restartResult) restartOk = printRestart(restartResult, ackCheck);
  else if (!faultSet.has('restart'))
    console.log(`\nPostgreSQL restart: skipped (BENCH_REALTIME_FAULTS=${faultsAsked})`);
  else
    console.log(
      '\nPostgreSQL restart: skipped (the server is shared, not the bench’s own; it is never restarted)',
    );
  return { ...summary, ok: ok && killOk && freezeOk && restartOk };
}
