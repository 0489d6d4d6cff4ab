import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measure } from './http/measure.js';
import { startServer } from './http/server.js';
import { connections, durationSeconds, PROJECTS } from './http/settings.js';
import { targets } from './http/targets.js';

/** Runs of each level in the logging round, alternating. */
const LOGGING_PAIRS = 5;
const LOGGING_TARGET_RATIO = 0.9;

/**
 * The access log's cost on the list route: the projects list's page 1 (list cache on, as deployed) on one
 * production server whose log goes to a file, as a deployment's goes to its log collector. Its level is
 * switched between runs, LOG_LEVEL=info (one line per request, written asynchronously) and silent, in
 * alternating pairs on the same process, so the comparison is not one of two processes' JIT or of the machine's
 * drift. Target: throughput with logging on within 10% of off.
 */
export async function runLoggingBench(): Promise<void> {
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'openlfg-bench-log-')), 'server.log');
  const server = await startServer(
    {
      BENCH_PROJECTS: String(PROJECTS),
      BENCH_GROUPS: '0',
      LIST_CACHE_TTL_MS: '30000',
      BENCH_LOG_LEVEL: 'info',
      DATABASE_URL: '', // PGlite
    },
    logFile,
  );
  try {
    const target = targets.find((candidate) => candidate.name === 'projects page 1');
    if (!target) throw new Error('the bench has no projects page 1 target');
    console.log(
      `\n== Access log, PGlite: ${target.name}, list cache on, ${connections} connections, ${LOGGING_PAIRS} runs of ${durationSeconds} s per level, alternating`,
    );
    // Warm-up, at each level: JIT, pools, the list cache, the log's file.
    for (const level of ['info', 'silent'] as const) {
      await server.setLogLevel(level);
      await measure(server.address, target, durationSeconds);
    }
    const runs: Record<'info' | 'silent', number[]> = { info: [], silent: [] };
    // The server's CPU time per request: what the log costs, less moved by the other loads of a shared machine.
    const cpuPerRequest: Record<'info' | 'silent', number[]> = { info: [], silent: [] };
    for (let pair = 0; pair < LOGGING_PAIRS; pair++) {
      const order = pair % 2 === 0 ? (['silent', 'info'] as const) : (['info', 'silent'] as const);
      for (const level of order) {
        const cpuBefore = await server.setLogLevel(level);
        const row = await measure(server.address, target, durationSeconds);
        const cpuAfter = await server.setLogLevel();
        if (row.bad > 0) throw new Error(`${row.bad} requests failed with LOG_LEVEL=${level}`);
        runs[level].push(row.rps);
        cpuPerRequest[level].push((cpuAfter - cpuBefore) / (row.rps * durationSeconds));
      }
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    // Each pair's ratio, then their median: a stall of the shared machine during one run moves one pair only.
    const ratios = runs.info.map((on, pair) => on / (runs.silent[pair] ?? on)).sort((a, b) => a - b);
    const ratio = ratios[Math.floor(ratios.length / 2)] ?? 0;
    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'));
    const figures = (level: 'info' | 'silent') =>
      `${mean(runs[level]).toFixed(0).padStart(8)} req/s   (runs: ${runs[level].map((rps) => rps.toFixed(0)).join(', ')})`;
    console.log(`  LOG_LEVEL=silent ${figures('silent')}`);
    console.log(`  LOG_LEVEL=info   ${figures('info')}, ${lines.length} access-log lines written`);
    const cpuOn = mean(cpuPerRequest.info);
    const cpuOff = mean(cpuPerRequest.silent);
    console.log(
      `  server CPU per request: ${cpuOff.toFixed(0)} µs silent, ${cpuOn.toFixed(0)} µs info (${(cpuOn / cpuOff).toFixed(2)}x)`,
    );
    console.log(
      `  ${'throughput with logging on / off (median of pairs)'.padEnd(52)} ${ratio.toFixed(2).padStart(6)}   target >= ${LOGGING_TARGET_RATIO.toFixed(2)}   ${ratio >= LOGGING_TARGET_RATIO ? 'met' : 'NOT MET'}   (pairs: ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    );
  } finally {
    await server.stop();
    rmSync(path.dirname(logFile), { recursive: true, force: true });
  }
}
