import autocannon from 'autocannon';
import { connections } from './settings.js';
import type { Target } from './targets.js';

/** One route's figures under load (autocannon). */
export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  bad: number;
}

/** The target with its page number filled in: the list's middle or last page, from its first answer. */
export async function resolvePage(address: string, target: Target): Promise<Target> {
  if (!target.page || !target.body) return target;
  const response = await fetch(address + target.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...target.body, page: 1 }),
  });
  const { totalPages } = (await response.json()) as { totalPages: number };
  const page = target.page === 'last' ? totalPages : Math.ceil(totalPages / 2);
  return { ...target, name: `${target.name} (${page}/${totalPages})`, body: { ...target.body, page } };
}

export async function measure(
  address: string,
  target: Target,
  duration: number,
  clients = connections,
): Promise<Row> {
  const headers: Record<string, string> = {
    ...(target.body ? { 'content-type': 'application/json' } : {}),
    ...(target.cookie ? { cookie: target.cookie } : {}),
  };
  const result = await autocannon({
    url: address + target.path,
    connections: clients,
    duration,
    headers,
    ...(target.body ? { method: 'POST', body: JSON.stringify(target.body) } : {}),
  });
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    bad: result.non2xx + result.errors,
  };
}

export function printRows(rows: Row[]): void {
  const baseline = rows[0]?.rps ?? 1;
  const header = ['route'.padEnd(44), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)];
  console.log([...header, 'x hello'.padStart(8), 'errors'.padStart(7)].join(' '));
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(44),
        row.rps.toFixed(0).padStart(8),
        row.p50.toFixed(1).padStart(8),
        row.p99.toFixed(1).padStart(8),
        (row.rps / baseline).toFixed(2).padStart(8),
        String(row.bad).padStart(7),
      ].join(' '),
    );
  }
}

/**
 * A list answer's own time: requests one after another, each timed from the client (fetch, HTTP, JSON). Asked
 * uncompressed, as autocannon asks under load: fetch inflates a brotli or gzip answer through a stream of its
 * own, 1 to 2 ms a response that are the client's, not the server's (compressing it costs the server 0.07 ms).
 */
export interface Alone {
  name: string;
  p50: number;
  p99: number;
}

/** Requests per case and per round of `measureAlone`, after a few to warm up (JIT, pools, plans). */
const ALONE_ROUNDS = 4;
const ALONE_PER_ROUND = 50;
const ALONE_WARM_UP = 5;

async function timeOne(address: string, target: Target): Promise<number> {
  const init: RequestInit = target.body
    ? {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
        body: JSON.stringify(target.body),
      }
    : { headers: { 'accept-encoding': 'identity' } };
  const started = performance.now();
  const response = await fetch(address + target.path, init);
  await response.arrayBuffer();
  // A failed answer counts as never answering.
  return response.ok ? performance.now() - started : Infinity;
}

/**
 * Every target's own time, after the load of all of them is over (a target timed right after its own load
 * paid that load's leftovers: garbage collection, the database's dirty pages), in rounds that take each target
 * in turn, so a drift of the shared machine spreads over all of them rather than landing on one.
 */
export async function measureAlone(address: string, targets: readonly Target[]): Promise<Alone[]> {
  const times = new Map<string, number[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < ALONE_ROUNDS; round++) {
    for (const target of targets) {
      const own = times.get(target.name) ?? [];
      for (let i = 0; i < ALONE_WARM_UP; i++) await timeOne(address, target);
      for (let i = 0; i < ALONE_PER_ROUND; i++) own.push(await timeOne(address, target));
    }
  }
  return targets.map((target) => {
    const sorted = [...(times.get(target.name) ?? [])].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Infinity;
    return { name: target.name, p50: at(0.5), p99: at(0.99) };
  });
}
