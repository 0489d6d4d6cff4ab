import { HealthPoller } from './health.js';
import type { BenchNode } from './nodes.js';
import type { BenchPostgres } from './postgres.js';
import type { KillResult, RestartResult } from './report.js';
import type { Senders } from './senders.js';
import type { Subscriber } from './subscribers.js';

/* The realtime bench's node-kill and PostgreSQL-restart faults (the frozen node is freeze.ts); run.ts runs them. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Node A killed under load and started again at once, as a supervisor would: how long until all follow again. */
export async function killScenario(
  node: BenchNode,
  subscribers: Subscriber[],
  senders: Senders,
  loadStart: number,
): Promise<KillResult> {
  const statusesBefore = new Map(senders.statuses);
  const killedAt = performance.now();
  await node.kill();
  // As a supervisor would: start it again at once, and again if it fails to start.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await node.start();
      break;
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(1000);
    }
  }
  const listeningAt = performance.now();
  // Every one of its subscribers has seen its socket close and has followed its room again.
  const deadline = performance.now() + 60_000;
  const back = () =>
    subscribers.every(
      (subscriber) =>
        subscriber.subscribed && subscriber.reconnectTimes.some((entry) => entry.closedAt >= killedAt),
    );
  while (!back() && performance.now() < deadline) await sleep(20);
  const resubscribedAt = performance.now();
  const reconnects = subscribers.flatMap((subscriber) =>
    subscriber.reconnectTimes.filter((entry) => entry.closedAt >= killedAt).slice(0, 1),
  );
  const subscribedAgain = reconnects.map((entry) => entry.closedAt + entry.ms - listeningAt);
  return {
    node: node.name,
    atSeconds: (killedAt - loadStart) / 1000,
    restartMs: listeningAt - killedAt,
    subscribers,
    reconnectedCount: reconnects.length,
    reconnectMs: reconnects.map((entry) => entry.ms),
    afterListeningMs: subscribedAgain,
    allBackMs: resubscribedAt - killedAt,
    allBack: back(),
    window: [killedAt, resubscribedAt],
    statuses: diff(senders.statuses, statusesBefore),
    loss: 0,
  };
}

/** PostgreSQL restarted under load: how long until both nodes answer healthy and every subscriber follows again. */
export async function restartScenario(
  postgres: BenchPostgres,
  nodes: BenchNode[],
  subscribers: Subscriber[],
  senders: Senders,
  loadStart: number,
): Promise<RestartResult> {
  const poller = new HealthPoller(nodes);
  poller.start();
  await sleep(1000);
  const statusesBefore = new Map(senders.statuses);
  const upgradesBefore = countCloses(subscribers);
  const restartAt = performance.now();
  let restartError: string | null = null;
  await postgres.restart().catch((error: unknown) => {
    restartError = (error as Error).message;
  });
  const pgBackAt = performance.now();
  // Back: both nodes healthy again after the restart, every subscriber following its room.
  const deadline = performance.now() + 60_000;
  const healthy = (index: number) => {
    const samples = poller.samples.filter((sample) => sample.node === index && sample.startedAt >= pgBackAt);
    return samples.at(-1)?.status === '200';
  };
  while (
    !(
      nodes.every((_, index) => healthy(index)) && subscribers.every((subscriber) => subscriber.subscribed)
    ) &&
    performance.now() < deadline
  ) {
    await sleep(20);
  }
  const recoveredAt = performance.now();
  await sleep(500);
  await poller.stop();
  return {
    atSeconds: (restartAt - loadStart) / 1000,
    restartError,
    pgRestartMs: pgBackAt - restartAt,
    samples: poller.samples.filter((sample) => sample.startedAt >= restartAt),
    before: poller.samples.filter((sample) => sample.startedAt < restartAt),
    restartAt,
    nodeNames: nodes.map((node) => node.name),
    alive: nodes.map((node) => node.alive),
    recovered: nodes.every((_, index) => healthy(index)),
    allSubscribed: subscribers.every((subscriber) => subscriber.subscribed),
    recoveredMs: recoveredAt - restartAt,
    window: [restartAt, recoveredAt],
    statuses: diff(senders.statuses, statusesBefore),
    subscriberEvents: diff(countCloses(subscribers), upgradesBefore),
  };
}

function countCloses(subscribers: Subscriber[]): Map<string, number> {
  const total = new Map<string, number>();
  for (const subscriber of subscribers) {
    for (const [key, count] of subscriber.closeCodes) total.set(key, (total.get(key) ?? 0) + count);
  }
  return total;
}

function diff(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const result = new Map<string, number>();
  for (const [key, count] of after) {
    const delta = count - (before.get(key) ?? 0);
    if (delta > 0) result.set(key, delta);
  }
  return result;
}
