import type { Alone, Row } from './measure.js';
import { connections } from './settings.js';

// The HTTP rounds' targets, printed beside the measured figures (met / NOT MET).

/** Every list route: each has the same uncached latency target. */
export const listCases = (rows: Row[]) =>
  rows.filter(
    (row) =>
      (row.name.startsWith('projects') || row.name.startsWith('groups')) && !row.name.includes('search'),
  );

/** The search targets, on PostgreSQL with the list cache off; PGlite may take three times as long. */
const SEARCH_TARGET_P50_MS = 5;
const SEARCH_TARGET_P99_MS = 20;
const PGLITE_SEARCH_FACTOR = 3;

/**
 * The target for an uncached list answer: its median latency on each database, printed two ways. Alone
 * (one request at a time, as the finder round measures): the answer's own time, which the target is about.
 * Under load (the table above, 10 connections on this machine): that time plus the wait behind the other nine,
 * which on two cores shared by the server, the database and the load generator is most of it.
 */
export function printListTargets(rows: Row[], alone: Alone[], database: 'pglite' | 'postgres'): void {
  const target = database === 'postgres' ? 3 : 10;
  const cases = listCases(rows);
  console.log(
    `targets (list cache off): every list answer's p50 <= ${target} ms on ${database}; alone = one request at a time, under load = ${connections} connections`,
  );
  // A route that answered nothing in time (or only errors) reads p50 0: it is not met.
  const isMet = (row: Row) => row.rps > 0 && row.bad === 0 && row.p50 <= target;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET').padEnd(8);
  console.log(`  ${''.padEnd(52)} ${'alone'.padStart(16)}   ${'under load'.padStart(18)}`);
  for (const row of cases) {
    const one = alone.find((a) => a.name === row.name);
    const aloneText = one
      ? `${one.p50.toFixed(2).padStart(6)} ms ${verdict(one.p50 <= target)}`
      : '—'.padStart(17);
    console.log(
      `  ${row.name.padEnd(52)} ${aloneText}   ${row.p50.toFixed(1).padStart(6)} ms ${verdict(isMet(row))}`,
    );
  }
  const metAlone = cases.filter((row) => {
    const one = alone.find((a) => a.name === row.name);
    return one !== undefined && one.p50 <= target;
  }).length;
  console.log(
    `  alone: ${metAlone} of ${cases.length} met; under load: ${cases.filter(isMet).length} of ${cases.length} met`,
  );
}

export function printTargets(
  rows: Row[],
  alone: Alone[],
  round: { pglite: boolean; cacheOff: boolean },
): void {
  const find = (prefix: string) => rows.find((r) => r.name.startsWith(prefix));
  const hello = find('hello');
  const page1 = find('projects page 1');
  const last = rows.find((r) => r.name.endsWith('(last)'));
  const topic = find('projects topic filter');
  if (!hello || !page1 || !last || !topic) return;
  const line = (label: string, value: number, target: string, ok: boolean) =>
    console.log(
      `  ${label.padEnd(52)} ${value.toFixed(2).padStart(6)}   target ${target}   ${ok ? 'met' : 'NOT MET'}`,
    );
  console.log('targets:');
  line(
    'page 1 throughput / hello throughput',
    page1.rps / hello.rps,
    '>= 0.50',
    page1.rps / hello.rps >= 0.5,
  );
  // autocannon keeps latencies in whole milliseconds: below 1 ms a median reads 0, so compare means there.
  const useMedian = page1.p50 >= 1 && last.p50 >= 1;
  const latencyRatio = useMedian ? last.p50 / page1.p50 : last.mean / page1.mean;
  line(
    `last page ${useMedian ? 'median' : 'mean (medians < 1 ms)'} latency / page 1's`,
    latencyRatio,
    '<= 1.50',
    latencyRatio <= 1.5,
  );
  const groups1 = find('groups page 1');
  const groupsFiltered = find('groups filtered');
  if (groups1 && groupsFiltered) {
    line(
      'groups page 1 throughput / hello throughput',
      groups1.rps / hello.rps,
      '>= 0.50',
      groups1.rps / hello.rps >= 0.5,
    );
    line(
      'groups filtered throughput / unfiltered throughput',
      groupsFiltered.rps / groups1.rps,
      '>= 0.50',
      groupsFiltered.rps / groups1.rps >= 0.5,
    );
  }
  line(
    'topic-filtered throughput / unfiltered throughput',
    topic.rps / page1.rps,
    '>= 0.50',
    topic.rps / page1.rps >= 0.5,
  );
  // The search targets are the raw query cost: with the list cache on, repeats are answered from memory.
  if (!round.cacheOff) return;
  const factor = round.pglite ? PGLITE_SEARCH_FACTOR : 1;
  for (const search of rows.filter((row) => row.name.includes('search'))) {
    const p50 = SEARCH_TARGET_P50_MS * factor;
    const p99 = SEARCH_TARGET_P99_MS * factor;
    line(`${search.name}: p50 ms under load`, search.p50, `<= ${p50}`, search.p50 <= p50);
    line(`${search.name}: p99 ms under load`, search.p99, `<= ${p99}`, search.p99 <= p99);
    const one = alone.find((a) => a.name === search.name);
    if (one) {
      line(`${search.name}: p50 ms alone`, one.p50, `<= ${p50}`, one.p50 <= p50);
      line(`${search.name}: p99 ms alone`, one.p99, `<= ${p99}`, one.p99 <= p99);
    }
  }
}
