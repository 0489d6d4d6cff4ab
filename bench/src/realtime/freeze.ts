import { sql, type Kysely } from 'kysely';
import { ROOM_TURNS } from '../../../server/dist/messages/repository.js';
import type { DB } from '../../../server/dist/platform/db/schema.js';
import { percentile, type AckCheck } from './check.js';
import { HealthPoller, type HealthSample } from './health.js';
import type { BenchNode } from './nodes.js';
import type { Delivery } from './report.js';
import type { SendRecord } from './senders.js';

/** How long node B stays frozen. */
const FREEZE_MS = 10_000;
/** Short stops tried until one catches node B inside a room's transaction. */
const MAX_TRIES = 40;
/**
 * The longest a post to a room the frozen node holds may wait on another node: the room's idle bound
 * (ROOM_IDLE_MS in server/src/messages/repository.ts, 1 s) and the server's reaction to it.
 */
const HELD_ROOM_WAIT_TARGET_MS = 1500;
/** Posts started this long before the stop may already be waiting behind the frozen node's transaction. */
const HELD_ROOM_MARGIN_MS = 1000;
/** The advisory lock namespace of rooms (server/src/messages/repository.ts: "MSGS"). */
const ROOM_LOCK_NAMESPACE = 0x4d534753;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FreezeResult {
  node: string;
  other: string;
  atSeconds: number;
  /** Stops it took to catch the node inside a room's transaction (the last one is the freeze). */
  tries: number;
  /** Rooms whose lock the frozen node held when it was stopped. */
  heldRooms: Set<string>;
  window: [number, number];
  /** When the server had ended the frozen node's transactions (its room locks free), ms after the stop. */
  releasedAfterMs: number | null;
  /** Most sessions of the other node waiting on one room's lock at once, sampled every 100 ms. */
  maxWaitersOnOneRoom: number;
  /** The other node's GET /api/health during the freeze. */
  health: HealthSample[];
  /** The frozen node is alive after SIGCONT and all its subscribers follow their rooms again. */
  alive: boolean;
  backMs: number;
  allBack: boolean;
  /** The held rooms' sends around the freeze, through either node: every one stored once (run.ts fills it). */
  heldAcks?: AckCheck;
}

/**
 * The frozen node scenario: under load, node B is stopped with SIGSTOP (a long GC pause, a VM freeze) while
 * its transaction holds a room's lock, for 10 s, then SIGCONT. To catch it inside a room's transaction, short
 * stops are tried (a few tens of ms each, then SIGCONT) until one finds its session holding a room's lock in
 * pg_locks. Meanwhile node A's health is polled and its sessions waiting on room locks are counted; what A
 * answered to posts and delivered to its subscribers is read from the senders' records afterwards.
 */
export async function freezeScenario(input: {
  frozen: BenchNode;
  other: BenchNode;
  db: Kysely<DB>;
  rooms: string[];
  /** The frozen node's subscribers: all following their rooms again is the end of the scenario. */
  subscribers: { subscribed: boolean }[];
  loadStart: number;
}): Promise<FreezeResult> {
  const { frozen, other, db, rooms } = input;
  const pid = frozen.pid;
  if (pid === undefined) throw new Error(`node ${frozen.name} is not running`);
  const heldBy = async (): Promise<Set<string>> => {
    const { rows } = await sql<{ room: string }>`
      select distinct r.room from unnest(${rooms}::text[]) as r(room)
      join pg_locks l on l.locktype = 'advisory' and l.granted and l.classid = ${ROOM_LOCK_NAMESPACE}::oid
        and l.objid = hashtext(r.room)::oid
      join pg_stat_activity a on a.pid = l.pid and a.application_name = ${frozen.appName}`.execute(db);
    return new Set(rows.map((row) => row.room));
  };

  const poller = new HealthPoller([other]);
  let stoppedAt = 0;
  let tries = 0;
  let heldRooms = new Set<string>();
  let thawed = false;
  try {
    for (tries = 1; tries <= MAX_TRIES; tries += 1) {
      process.kill(pid, 'SIGSTOP');
      stoppedAt = performance.now();
      // A statement already at the server finishes; a commit already sent lets go of its lock.
      await sleep(30);
      heldRooms = await heldBy();
      if (heldRooms.size > 0 || tries === MAX_TRIES) break;
      process.kill(pid, 'SIGCONT');
      await sleep(100 + Math.random() * 200);
    }
    poller.start();
    let releasedAfterMs: number | null = heldRooms.size === 0 ? 0 : null;
    let maxWaitersOnOneRoom = 0;
    while (performance.now() < stoppedAt + FREEZE_MS) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and not l.granted and l.classid = ${ROOM_LOCK_NAMESPACE}::oid
          and a.application_name = ${other.appName}
        group by l.objid order by 1 desc limit 1`.execute(db);
      maxWaitersOnOneRoom = Math.max(maxWaitersOnOneRoom, rows[0]?.waiting ?? 0);
      if (releasedAfterMs === null && (await heldBy()).size === 0) {
        releasedAfterMs = performance.now() - stoppedAt;
      }
      await sleep(100);
    }
    process.kill(pid, 'SIGCONT');
    thawed = true;
    const thawedAt = performance.now();
    await poller.stop();
    const deadline = thawedAt + 60_000;
    const back = () => frozen.alive && input.subscribers.every((subscriber) => subscriber.subscribed);
    while (!back() && performance.now() < deadline) await sleep(20);
    return {
      node: frozen.name,
      other: other.name,
      atSeconds: (stoppedAt - input.loadStart) / 1000,
      tries,
      heldRooms,
      window: [stoppedAt, thawedAt],
      releasedAfterMs,
      maxWaitersOnOneRoom,
      health: poller.samples,
      alive: frozen.alive,
      backMs: performance.now() - thawedAt,
      allBack: back(),
    };
  } finally {
    if (!thawed) process.kill(pid, 'SIGCONT');
    await poller.stop();
  }
}

const ms = (value: number | null) => (value !== null && Number.isFinite(value) ? value.toFixed(1) : '-');

function target(label: string, value: string, goal: string, ok: boolean): void {
  console.log(
    `  ${label.padEnd(56)} ${value.padStart(8)}   target ${goal.padEnd(8)}   ${ok ? 'met' : 'NOT MET'}`,
  );
}

/**
 * Prints what the other node did while one was frozen: its health, its posts to other rooms and to the held
 * room, and its own subscribers' delivery latency. Answers false only for a correctness failure (the frozen
 * node did not come back, a send to the held room lost); duplicates and order are the whole run's checker's.
 */
export function printFreeze(
  result: FreezeResult,
  records: Map<string, SendRecord>,
  deliveries: Delivery[],
): boolean {
  const [from, to] = result.window;
  const otherIndex = result.other === 'A' ? 0 : 1;
  const inWindow = (record: SendRecord) => record.startedAt >= from && record.startedAt <= to;
  // Posts sent to the other node first, during the freeze, and how that first attempt was answered.
  const posted = [...records.values()].filter(
    (record) => inWindow(record) && record.attemptNodes[0] === otherIndex,
  );
  const firstAnswer = (record: SendRecord) =>
    record.failures.length > 0 ? (record.failures[0] ?? '?') : record.acked ? '200' : 'none';
  const held = posted.filter((record) => result.heldRooms.has(record.room.room));
  // How long the other node's posts to the held room(s) waited for their first answer, whatever it was: from
  // a little before the stop (a post may be queued behind the frozen transaction already).
  const waitsOf = (inHeldRoom: boolean) =>
    [...records.values()].flatMap((record) =>
      result.heldRooms.has(record.room.room) === inHeldRoom &&
      record.attemptNodes[0] === otherIndex &&
      record.startedAt >= from - HELD_ROOM_MARGIN_MS &&
      record.startedAt <= to &&
      record.firstAnsweredAt !== undefined
        ? [record.firstAnsweredAt - record.startedAt]
        : [],
    );
  const worst = (values: number[]) => (values.length > 0 ? Math.max(...values) : null);
  const heldWaits = waitsOf(true);
  const worstHeldWait = worst(heldWaits);
  // The same for the other rooms: what the node's load alone costs a post meanwhile, for comparison.
  const worstOtherWait = worst(waitsOf(false));
  const acks = result.heldAcks;
  // Lost: a send never acknowledged (given up, or refused), or acknowledged but not stored under its clientId.
  const heldLost = acks ? acks.sent - acks.acked + acks.ackedMissing : null;
  const duplicates = acks ? acks.rows - acks.distinctClientIds : null;
  const elsewhere = posted.filter((record) => !result.heldRooms.has(record.room.room));
  const elsewhereOk = elsewhere.filter((record) => firstAnswer(record) === '200').length;
  const count = (list: SendRecord[]) => {
    const byAnswer = new Map<string, number>();
    for (const record of list)
      byAnswer.set(firstAnswer(record), (byAnswer.get(firstAnswer(record)) ?? 0) + 1);
    return byAnswer.size === 0
      ? 'none'
      : [...byAnswer]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, n]) => `${key}: ${n}`)
          .join(', ');
  };
  // Its own subscribers, messages posted to it (same node) in other rooms during the freeze.
  const own = deliveries.filter((delivery) => {
    const record = records.get(delivery.clientId);
    return (
      record !== undefined &&
      delivery.sameNode &&
      record.attemptNodes[0] === otherIndex &&
      inWindow(record) &&
      !result.heldRooms.has(record.room.room)
    );
  });
  const latencies = own.map((delivery) => delivery.latencyMs);
  const byWindow: number[][] = [];
  for (const delivery of own) {
    (byWindow[Math.floor((delivery.startedAt - from) / 2000)] ??= []).push(delivery.latencyMs);
  }
  const p99 = percentile(latencies, 0.99);
  const healthOk = result.health.filter((sample) => sample.status === '200').length;
  const slowestHealth = result.health.reduce((max, sample) => Math.max(max, sample.ms), 0);

  console.log(
    `\nfreeze: SIGSTOP node ${result.node} at ${result.atSeconds.toFixed(1)} s of the faults part for ${((to - from) / 1000).toFixed(1)} s, then SIGCONT` +
      (result.heldRooms.size > 0
        ? `; caught holding the lock of ${result.heldRooms.size} room(s) on stop ${result.tries}`
        : `; it held no room's lock in ${result.tries} tries (the held-room figures measure nothing)`),
  );
  if (result.heldRooms.size > 0) {
    console.log(
      `  the server ended its idle transaction and freed the room ${ms(result.releasedAfterMs)} ms after the stop (bound: a room's hold idle 1 s)`,
    );
  }
  // How long the held room's posts that went through at once took: their wait is bounded.
  const heldAnswered = held.flatMap((record) =>
    record.acked && record.failures.length === 0 ? [record.acked.at - record.startedAt] : [],
  );
  console.log(
    `  node ${result.other}'s posts to the held room(s), first answer: ${count(held)} (slowest 200 ${ms(heldAnswered.length ? Math.max(...heldAnswered) : null)} ms); to other rooms: ${count(elsewhere)}`,
  );
  console.log(
    `  node ${result.other}'s posts to the held room(s) from ${HELD_ROOM_MARGIN_MS} ms before the stop: ${heldWaits.length}, worst wait for the first answer ${ms(worstHeldWait)} ms (its posts to other rooms meanwhile: worst ${ms(worstOtherWait)} ms)`,
  );
  if (acks) {
    console.log(
      `  sends to the held room(s) meanwhile, through either node: ${acks.sent}, acknowledged ${acks.acked} (${acks.retried} after a retry), gave up ${acks.gaveUp}, refused ${acks.rejected}, acknowledged but not stored ${acks.ackedMissing}; stored twice (whole run) ${duplicates}`,
    );
  }
  console.log(
    `  node ${result.other}'s GET /api/health every 25 ms: ${healthOk}/${result.health.length} 200, slowest ${ms(slowestHealth)} ms`,
  );
  console.log(
    `  node ${result.other}'s subscribers, messages posted to it in other rooms: ${latencies.length} deliveries, p50 ${ms(percentile(latencies, 0.5))} ms, p99 ${ms(p99)} ms; p99 per 2 s of the freeze: ${Array.from(byWindow, (values) => ms(percentile(values ?? [], 0.99))).join(' ')}`,
  );
  console.log(
    `  node ${result.node} alive after SIGCONT: ${result.alive ? 'yes' : 'NO'}; its subscribers all following their rooms again ${ms(result.backMs)} ms after it`,
  );
  console.log('targets:');
  target(
    `node ${result.other}'s posts to other rooms answered 2xx`,
    `${elsewhereOk}/${elsewhere.length}`,
    'all',
    elsewhereOk === elsewhere.length,
  );
  if (result.heldRooms.size > 0) {
    target(
      `node ${result.other}'s worst wait on the held room's posts, ms`,
      ms(worstHeldWait),
      `<= ${HELD_ROOM_WAIT_TARGET_MS}`,
      worstHeldWait !== null && worstHeldWait <= HELD_ROOM_WAIT_TARGET_MS,
    );
  }
  target('sends to the held room(s) lost', heldLost === null ? '-' : String(heldLost), '0', heldLost === 0);
  target(
    `node ${result.other}'s health answers 200`,
    `${healthOk}/${result.health.length}`,
    'all',
    healthOk === result.health.length,
  );
  target(`node ${result.other}'s own subscribers' p99 latency, ms`, ms(p99), '< 100', p99 < 100);
  target(
    `node ${result.other}'s connections waiting on one room's lock, max`,
    String(result.maxWaitersOnOneRoom),
    `<= ${ROOM_TURNS}`,
    result.maxWaitersOnOneRoom <= ROOM_TURNS,
  );
  return result.alive && result.allBack && (heldLost ?? 0) === 0;
}
