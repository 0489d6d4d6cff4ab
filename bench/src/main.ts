import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/**
 * `npm run bench`: drives the production server on loopback and prints throughput and latency per route, and
 * each route's throughput as a ratio of the bare route's in the same run. Ratios, not absolute times, are
 * what compare across machines; nothing here is asserted.
 */
interface Target {
  name: string;
  path: string;
}

const targets: Target[] = [
  { name: 'hello (baseline)', path: '/bench/hello' },
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET / (index.html)', path: '/' },
];

const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function startServer(): Promise<{ address: string; stop(): Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { address: string }) => resolve(message.address));
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code})`)));
  });
  return {
    address,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function measure(url: string, duration: number) {
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const server = await startServer();
try {
  console.log(
    `OpenLFG bench: ${connections} connections, ${durationSeconds} s per route, ${server.address}\n`,
  );
  const rows: { name: string; rps: number; p50: number; p99: number; bad: number }[] = [];
  for (const target of targets) {
    await measure(server.address + target.path, 1); // warm-up: JIT, connection pools, caches
    const r = await measure(server.address + target.path, durationSeconds);
    rows.push({
      name: target.name,
      rps: r.requestsPerSecond,
      p50: r.p50,
      p99: r.p99,
      bad: r.non2xx + r.errors,
    });
  }
  const baseline = rows[0]?.rps ?? 1;
  console.log(
    [
      'route'.padEnd(22),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'ratio'.padStart(7),
      'errors'.padStart(7),
    ].join(' '),
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(22),
        row.rps.toFixed(0).padStart(9),
        row.p50.toFixed(1).padStart(8),
        row.p99.toFixed(1).padStart(8),
        (row.rps / baseline).toFixed(2).padStart(7),
        String(row.bad).padStart(7),
      ].join(' '),
    );
  }
  console.log('\nratio = route req/s divided by the baseline route req/s, same process, same run');
  if (rows.some((row) => row.bad > 0)) process.exitCode = 1;
} finally {
  await server.stop();
}
