import { printRows, measure, measureAlone, resolvePage, type Row } from './measure.js';
import { listCases, printListTargets, printTargets } from './report.js';
import { startBareHello } from './bare-hello.js';
import { freshServerDatabase, startServer } from './server.js';
import { connections, durationSeconds, GROUPS, postgresUrl, PROJECTS } from './settings.js';
import { targets, type Target } from './targets.js';

// The HTTP rounds (see main.ts): each route under load on PGlite and PostgreSQL, list cache on and off.

const benchDatabase = process.env.BENCH_DATABASE_NAME ?? 'openlfg_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(benchDatabase)) {
  console.error(`BENCH_DATABASE_NAME must be a plain lowercase name (got ${JSON.stringify(benchDatabase)})`);
  process.exit(2);
}
const casePattern = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null;
interface Round {
  label: string;
  env: NodeJS.ProcessEnv;
  database?: string;
  cache: 'on' | 'off';
}
const rounds: Round[] = (
  [
    { label: 'PGlite, list cache on', env: { LIST_CACHE_TTL_MS: '30000' }, cache: 'on' },
    { label: 'PGlite, list cache off', env: { LIST_CACHE_TTL_MS: '0' }, cache: 'off' },
    ...(postgresUrl
      ? [
          {
            label: 'PostgreSQL, list cache on',
            env: { LIST_CACHE_TTL_MS: '30000' },
            database: benchDatabase,
            cache: 'on' as const,
          },
          {
            label: 'PostgreSQL, list cache off',
            env: { LIST_CACHE_TTL_MS: '0' },
            database: benchDatabase,
            cache: 'off' as const,
          },
        ]
      : []),
  ] satisfies Round[]
).filter(
  (round) =>
    (!process.env.BENCH_CACHE || process.env.BENCH_CACHE === round.cache) &&
    (!process.env.BENCH_DB || process.env.BENCH_DB === (round.database ? 'postgres' : 'pglite')),
);

/** Every round in turn; false when a route answered an error. */
export async function runHttpBench(): Promise<boolean> {
  if (!postgresUrl) console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL rounds)\n');
  let anyErrors = false;
  for (const round of rounds) {
    const env: NodeJS.ProcessEnv = {
      ...round.env,
      BENCH_PROJECTS: String(PROJECTS),
      BENCH_GROUPS: String(GROUPS),
    };
    if (round.database && postgresUrl)
      env.DATABASE_URL = await freshServerDatabase(postgresUrl, round.database);
    else delete env.DATABASE_URL;
    const server = await startServer(env);
    try {
      console.log(
        `\n== ${round.label}: ${PROJECTS} projects, ${GROUPS} groups, ${connections} connections, ${durationSeconds} s per route`,
      );
      const rows: Row[] = [];
      const timedAlone: Target[] = [];
      for (const listed of targets) {
        if (casePattern && !listed.name.startsWith('hello') && !casePattern.test(listed.name)) continue;
        const target = await resolvePage(server.address, listed);
        await measure(server.address, target, 1); // warm-up: JIT, pools, caches, plans
        const row = await measure(server.address, target, durationSeconds);
        rows.push(row);
        if (round.cache === 'off' && (listCases([row]).length > 0 || row.name.includes('search')))
          timedAlone.push(target);
      }
      const alone = await measureAlone(server.address, timedAlone);
      printRows(rows);
      if (round.cache === 'on') await printAgainstBareHello(rows);
      printTargets(rows, alone, { pglite: !round.database, cacheOff: round.env.LIST_CACHE_TTL_MS === '0' });
      if (round.cache === 'off') printListTargets(rows, alone, round.database ? 'postgres' : 'pglite');
      anyErrors ||= rows.some((row) => row.bad > 0);
    } finally {
      await server.stop();
    }
  }
  console.log('\nx hello = route req/s divided by the bare hello route req/s, same process, same run');
  return !anyErrors;
}

/** The API's fixed cost on a cached answer: the projects' page 1 beside a bare Fastify hello in its own process. */
const BARE_HELLO_TARGET = 0.35;

async function printAgainstBareHello(rows: Row[]): Promise<void> {
  const page1 = rows.find((row) => row.name === 'projects page 1');
  if (!page1) return;
  const bare = await startBareHello();
  try {
    const hello = { name: 'bare Fastify hello', path: '/bench/hello' };
    await measure(bare.address, hello, 1);
    const row = await measure(bare.address, hello, durationSeconds);
    const ratio = page1.rps / row.rps;
    console.log(`  ${'bare Fastify hello, own process'.padEnd(52)} ${row.rps.toFixed(0).padStart(6)} req/s`);
    console.log(
      `  ${'page 1 (cached) throughput / bare Fastify hello'.padEnd(52)} ${ratio.toFixed(2).padStart(6)}   target >= ${BARE_HELLO_TARGET.toFixed(2)}   ${ratio >= BARE_HELLO_TARGET ? 'met' : 'NOT MET'}`,
    );
  } finally {
    await bare.stop();
  }
}
