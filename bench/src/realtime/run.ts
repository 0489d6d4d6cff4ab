import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase, type Database } from '../../../server/dist/platform/db/database.js';
import { checkAcks, checkDeliveries, waitForQuiet } from './check.js';
import { createRooms } from './fixtures.js';
import { killScenario, restartScenario } from './faults.js';
import { freezeScenario, printFreeze } from './freeze.js';
import { createNodes, type BenchNode } from './nodes.js';
import { startBenchPostgres, type BenchPostgres } from './postgres.js';
import { printKill, printLoad, printRestart, type Delivery } from './report.js';
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
 * 10 s while it holds a room's lock (freeze.ts), later the PostgreSQL server is restarted. Prints delivery, latency and recovery figures beside the targets. Answers false when a
 * correctness check failed (loss, duplicates, order, an acknowledged message missing, a node that died).
 */
export async function runRealtimeBench(): Promise<boolean> {
  const cleanups: (() => Promise<void>)[] = [];
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error(error));
  };
  const onSignal = () => {
    console.error('\nrealtime bench interrupted: stopping the nodes and the PostgreSQL server');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await runScenarios(cleanups);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}

async function runScenarios(cleanups: (() => Promise<void>)[]): Promise<boolean> {
  const unknown = [...FAULT_SET].filter((name) => !(FAULT_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_REALTIME_FAULTS must be 0 or a list of ${FAULT_NAMES.join(', ')} (got ${faultsAsked})`,
    );
  }
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
  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} before the start (the nodes, PostgreSQL and this harness share them)`,
  );
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
    return true;
  }
  const pgServer = postgres;
  cleanups.push(() => pgServer.dispose());
  console.log(
    pgServer.restartable
      ? `private PostgreSQL server: ${new URL(pgServer.url).host}`
      : `shared PostgreSQL server ${new URL(pgServer.url).host} (no private server: the restart scenario is skipped)`,
  );

  const nodes = createNodes(pgServer.url);
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
  console.log(startTimes.join(', '));

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
  console.log(
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
  const kill = FAULT_SET.has('kill')
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
  const freeze = FAULT_SET.has('freeze')
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
    FAULT_SET.has('restart') && pgServer.restartable
      ? freeze.then(async () => {
          await sleep(faultStart + durationMs * RESTART_AT - performance.now());
          return restartScenario(pgServer, nodes, subscribers, senders, faultStart);
        })
      : Promise.resolve(null);
  // The load lasts its planned time, and while a fault scenario still runs, plus a few seconds after.
  const plannedMs = warmupMs + durationMs + (FAULTS ? durationMs : 0);
  let scenariosDoneAt: number | null = FAULTS ? null : 0;
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
  const ok = printLoad({
    loadMs: loadEnd - sendStart,
    warmupMs,
    steadyMs: durationMs,
    faultsMs: FAULTS ? loadEnd - faultStart : 0,
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
  });
  if (!FAULTS) {
    console.log('\nkill, freeze and PostgreSQL restart: skipped (BENCH_REALTIME_FAULTS=0)');
    return ok;
  }
  const killOk = killResult ? printKill(killResult) : true;
  if (!FAULT_SET.has('kill')) console.log(`\nkill: skipped (BENCH_REALTIME_FAULTS=${faultsAsked})`);
  const freezeOk = freezeResult ? printFreeze(freezeResult, senders.records, deliveries) : true;
  if (!FAULT_SET.has('freeze')) console.log(`\nfreeze: skipped (BENCH_REALTIME_FAULTS=${faultsAsked})`);
  let restartOk = true;
  if (restartResult) restartOk = printRestart(restartResult, ackCheck);
  else if (!FAULT_SET.has('restart'))
    console.log(`\nPostgreSQL restart: skipped (BENCH_REALTIME_FAULTS=${faultsAsked})`);
  else
    console.log(
      '\nPostgreSQL restart: skipped (the server is shared, not the bench’s own; it is never restarted)',
    );
  return ok && killOk && freezeOk && restartOk;
}
