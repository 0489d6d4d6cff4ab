import { percentile, type AckCheck, type DeliveryCheck } from './check.js';
import type { HealthSample } from './health.js';
import type { Subscriber } from './subscribers.js';

export interface Delivery {
  clientId: string;
  /** Frame received minus the send's start, in the harness process (performance.now()). */
  latencyMs: number;
  /** The subscriber is on the node the message was posted to. */
  sameNode: boolean;
  startedAt: number;
  /** Send start to the start of the transaction that stored it (wall clocks of one machine, whole ms). */
  toTransactionMs: number;
}

export interface KillResult {
  node: string;
  atSeconds: number;
  /** SIGKILL to listening again. */
  restartMs: number;
  subscribers: Subscriber[];
  reconnectedCount: number;
  /** Per subscriber: its socket's close to `subscribed` again. */
  reconnectMs: number[];
  /** Per subscriber: the node listening again to `subscribed` again. */
  afterListeningMs: number[];
  /** SIGKILL to the last of its subscribers following its room again. */
  allBackMs: number;
  allBack: boolean;
  window: [number, number];
  /** add-message answers (and network errors) from the kill until every subscriber was back. */
  statuses: Map<string, number>;
  /** Messages the killed node's subscribers never got (whole run). */
  loss: number;
}

export interface RestartResult {
  atSeconds: number;
  restartError: string | null;
  /** `pg_ctl restart -m fast` until it answered (the server accepts connections again). */
  pgRestartMs: number;
  samples: HealthSample[];
  /** Health answers in the second before the restart, for comparison. */
  before: HealthSample[];
  restartAt: number;
  nodeNames: string[];
  alive: boolean[];
  recovered: boolean;
  allSubscribed: boolean;
  /** Restart start to every node healthy and every subscriber following its room again. */
  recoveredMs: number;
  window: [number, number];
  statuses: Map<string, number>;
  subscriberEvents: Map<string, number>;
  /** The sends of the restart window: every acknowledged one must be stored. */
  acks?: AckCheck;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const counts = (map: Map<string, number>) =>
  map.size === 0
    ? 'none'
    : [...map]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, count]) => `${key}: ${count}`)
        .join(', ');

/** One target line, as main.ts prints them: the measured value, the target, met or NOT MET. */
function target(label: string, value: string, goal: string, ok: boolean): void {
  console.log(
    `  ${label.padEnd(56)} ${value.padStart(8)}   target ${goal.padEnd(8)}   ${ok ? 'met' : 'NOT MET'}`,
  );
}

function latencyRow(label: string, values: number[]): void {
  console.log(
    [
      `  ${label.padEnd(34)}`,
      String(values.length).padStart(8),
      ms(percentile(values, 0.5)).padStart(8),
      ms(percentile(values, 0.99)).padStart(8),
      ms(values.length ? values.reduce((max, value) => Math.max(max, value), 0) : Number.NaN).padStart(8),
    ].join(' '),
  );
}

export interface LoadInput {
  loadMs: number;
  warmupMs: number;
  steadyMs: number;
  faultsMs: number;
  sendStart: number;
  faultStart: number;
  quiet: { quiet: boolean; ms: number };
  deliveries: Delivery[];
  steady: (delivery: Delivery) => boolean;
  deliveryCheck: DeliveryCheck;
  ackCheck: AckCheck;
  statuses: Map<string, number>;
  loopDelayP99Ms: number;
  crashes: string[];
  sockets: { opened: number; subscribeTimeouts: number; anomalies: string[] };
}

/** Whether the load was correct (nothing lost, duplicated, reordered, missing or refused; no node died). */
export function loadOk(input: LoadInput): boolean {
  const { deliveryCheck: d, ackCheck: a } = input;
  return (
    d.lost === 0 &&
    d.duplicated === 0 &&
    d.outOfOrder === 0 &&
    input.quiet.quiet &&
    a.ackedMissing === 0 &&
    a.rows === a.distinctClientIds &&
    a.rejected === 0 &&
    a.gaveUp === 0 &&
    input.crashes.length === 0 &&
    input.sockets.subscribeTimeouts === 0
  );
}

export function printLoad(input: LoadInput): boolean {
  const { deliveryCheck: d, ackCheck: a } = input;
  console.log(
    `messages: ${a.sent} sent in ${(input.loadMs / 1000).toFixed(1)} s (${input.warmupMs / 1000} s warm-up ramping up, ${input.steadyMs / 1000} s steady, ${(input.faultsMs / 1000).toFixed(0)} s with the faults below), ${a.acked} acknowledged (${a.retried} after a retry), ${a.rejected} refused, ${a.gaveUp} given up; stored ${a.rows} rows with ${a.distinctClientIds} distinct clientIds`,
  );
  console.log(`add-message answers (every attempt): ${counts(input.statuses)}`);
  console.log(
    `deliveries: ${d.expected} owed (${d.stored} stored x their room's subscribers), ${d.received} received; ` +
      `lost ${d.lost}, duplicated ${d.duplicated}, out of order ${d.outOfOrder}` +
      (input.quiet.quiet
        ? ` (all caught up ${ms(input.quiet.ms)} ms after the last send was acknowledged)`
        : ` (NOT caught up ${ms(input.quiet.ms)} ms after the load)`),
  );
  for (const example of d.examples) console.log(`  e.g. ${example}`);
  console.log(
    `sockets: ${input.sockets.opened} opened in all (reconnect attempts included); subscribes unanswered after 10 s (then reopened): ${input.sockets.subscribeTimeouts}; unexpected frames: ${input.sockets.anomalies.length}`,
  );
  for (const anomaly of input.sockets.anomalies.slice(0, 5)) console.log(`  e.g. ${anomaly}`);
  const steady = input.deliveries.filter(input.steady);
  const same = steady.filter((delivery) => delivery.sameNode).map((delivery) => delivery.latencyMs);
  const cross = steady.filter((delivery) => !delivery.sameNode).map((delivery) => delivery.latencyMs);
  console.log(
    `delivery latency (send start -> frame received, both in the harness process), ms; steady = the ${input.steadyMs / 1000} s steady part:`,
  );
  console.log(
    `  ${''.padEnd(34)} ${'count'.padStart(8)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}`,
  );
  latencyRow('same node (steady)', same);
  latencyRow('cross node (steady)', cross);
  latencyRow(
    '  send -> its transaction start',
    steady.map((delivery) => delivery.toTransactionMs),
  );
  latencyRow(
    '  transaction start -> frame',
    steady.map((delivery) => delivery.latencyMs - delivery.toTransactionMs),
  );
  if (input.faultsMs > 0) {
    latencyRow(
      'all, during the faults part',
      input.deliveries
        .filter((delivery) => delivery.startedAt >= input.faultStart)
        .map((delivery) => delivery.latencyMs),
    );
  }
  const windowMs = 5000;
  const byWindow: number[][] = [];
  for (const delivery of input.deliveries) {
    (byWindow[Math.floor((delivery.startedAt - input.sendStart) / windowMs)] ??= []).push(delivery.latencyMs);
  }
  console.log(
    `  p99 per ${windowMs / 1000} s of sending, from the warm-up on: ${Array.from(byWindow, (values) => ms(percentile(values ?? [], 0.99))).join(' ')}`,
  );
  console.log(
    `  harness event loop delay p99 in the steady part: ${ms(input.loopDelayP99Ms)} ms (part of every figure above)`,
  );
  for (const crash of input.crashes) console.log(`  node crash: ${crash}`);

  const crossP99 = percentile(cross, 0.99);
  const ratio = crossP99 / percentile(same, 0.99);
  console.log('targets:');
  target('messages lost', String(d.lost), '0', d.lost === 0 && input.quiet.quiet);
  target('messages duplicated', String(d.duplicated), '0', d.duplicated === 0);
  target('messages out of order (per room)', String(d.outOfOrder), '0', d.outOfOrder === 0);
  target(
    'acknowledged messages missing from the database',
    String(a.ackedMissing),
    '0',
    a.ackedMissing === 0,
  );
  target(
    'subscribes left unanswered',
    String(input.sockets.subscribeTimeouts),
    '0',
    input.sockets.subscribeTimeouts === 0,
  );
  target('messages stored twice', String(a.rows - a.distinctClientIds), '0', a.rows === a.distinctClientIds);
  target('cross-node p99 delivery latency (steady), ms', ms(crossP99), '<= 20', crossP99 <= 20);
  target('cross-node p99 / same-node p99 (steady)', ratio.toFixed(2), '<= 1.30', ratio <= 1.3);
  return loadOk(input);
}

export function printKill(result: KillResult): boolean {
  const median = percentile(result.reconnectMs, 0.5);
  const max = result.reconnectMs.length ? Math.max(...result.reconnectMs) : Number.NaN;
  console.log(
    `\nkill: SIGKILL node ${result.node} at ${result.atSeconds.toFixed(1)} s of the faults part, started again at once; listening again after ${ms(result.restartMs)} ms`,
  );
  console.log(
    `  its ${result.subscribers.length} subscribers reconnect to it (backoff 50 ms doubling to 1 s) and resume with afterId = last id seen`,
  );
  console.log(
    `  reconnected and resubscribed: ${result.reconnectedCount}/${result.subscribers.length}; socket close -> subscribed again: median ${ms(median)} ms, max ${ms(max)} ms; all back ${ms(result.allBackMs)} ms after the kill`,
  );
  console.log(
    `  counted from node ${result.node} listening again: median ${ms(percentile(result.afterListeningMs, 0.5))} ms, max ${ms(result.afterListeningMs.reduce((top, value) => Math.max(top, value), Number.NEGATIVE_INFINITY))} ms (the backoff's last wait included)`,
  );
  console.log(
    `  add-message answers meanwhile (failed sends are retried with the same clientId): ${counts(result.statuses)}`,
  );
  console.log('targets:');
  target(
    `node ${result.node}'s subscribers back on their rooms`,
    `${result.reconnectedCount}`,
    `${result.subscribers.length}`,
    result.allBack,
  );
  target(
    `messages node ${result.node}'s subscribers lost (whole run)`,
    String(result.loss),
    '0',
    result.loss === 0,
  );
  return result.allBack && result.loss === 0;
}

export function printRestart(result: RestartResult, acks: AckCheck): boolean {
  console.log(
    `\nPostgreSQL restart: pg_ctl restart -m fast at ${result.atSeconds.toFixed(1)} s of the faults part; accepting connections again after ${ms(result.pgRestartMs)} ms` +
      (result.restartError ? ` (pg_ctl failed: ${result.restartError})` : ''),
  );
  let allDownFast = true;
  let slowestDown = 0;
  let seenDown = false;
  for (const [index, name] of result.nodeNames.entries()) {
    const samples = result.samples.filter((sample) => sample.node === index);
    const before = result.before.filter((sample) => sample.node === index);
    const slowestBefore = before.reduce((max, sample) => Math.max(max, sample.ms), 0);
    const down = samples.filter((sample) => sample.status !== '200');
    seenDown ||= down.length > 0;
    const statuses = new Map<string, number>();
    for (const sample of samples) statuses.set(sample.status, (statuses.get(sample.status) ?? 0) + 1);
    const lastDown = down.at(-1);
    const firstUpAfter = lastDown
      ? samples.find((sample) => sample.startedAt > lastDown.startedAt && sample.status === '200')
      : samples[0];
    const recoveredMs = firstUpAfter
      ? firstUpAfter.startedAt + firstUpAfter.ms - result.restartAt
      : Number.NaN;
    const slowest = down.length ? Math.max(...down.map((sample) => sample.ms)) : 0;
    slowestDown = Math.max(slowestDown, slowest);
    allDownFast &&= down.every((sample) => sample.status === '503');
    console.log(
      `  node ${name}: GET /api/health every 25 ms: ${counts(statuses)}; slowest answer while down ${ms(slowest)} ms (in the second before: ${before.length} answers, slowest ${ms(slowestBefore)} ms); 200 again ${ms(recoveredMs)} ms after the restart began; process ${result.alive[index] ? 'alive' : 'DEAD'}`,
    );
  }
  console.log(
    `  add-message answers meanwhile (failed sends are retried with the same clientId): ${counts(result.statuses)}`,
  );
  console.log(`  subscribers' sockets meanwhile: ${counts(result.subscriberEvents)}`);
  console.log(
    `  every node healthy and every subscriber following its room again ${ms(result.recoveredMs)} ms after the restart began`,
  );
  const windowAcks = result.acks;
  if (windowAcks) {
    console.log(
      `  sends of the restart window: ${windowAcks.sent}, acknowledged ${windowAcks.acked} (${windowAcks.retried} after a retry), missing from the database ${windowAcks.ackedMissing}`,
    );
  }
  const alive = result.alive.every(Boolean);
  if (!seenDown)
    console.log('  (no health answer fell inside the outage: the 503 figures below measure nothing)');
  const serverErrors = [...result.statuses].filter(([status]) => status.startsWith('5') && status !== '503');
  console.log('targets:');
  target(
    'nodes alive through the restart',
    `${result.alive.filter(Boolean).length}/${result.alive.length}`,
    'all',
    alive,
  );
  target('health answers while down: only 503', allDownFast ? 'yes' : 'no', 'yes', allDownFast);
  target('slowest health answer while down, ms', ms(slowestDown), '< 1000', slowestDown < 1000);
  target(
    'add-message 5xx other than 503 while down',
    String(serverErrors.reduce((sum, [, count]) => sum + count, 0)),
    '0',
    serverErrors.length === 0,
  );
  target(
    'recovered by themselves (health 200, subscribers back)',
    result.recovered && result.allSubscribed ? 'yes' : 'no',
    'yes',
    result.recovered && result.allSubscribed,
  );
  target(
    'acknowledged messages missing from the database (run)',
    String(acks.ackedMissing),
    '0',
    acks.ackedMissing === 0,
  );
  return alive && result.recovered && result.allSubscribed && acks.ackedMissing === 0;
}
