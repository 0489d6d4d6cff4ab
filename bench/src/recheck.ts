import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { startServer, type BenchServer } from './http/server.js';

/** Projects, 10 stale issues each; every view in the round is of a project not viewed before. */
const PROJECTS = Number(process.env.BENCH_RECHECK_PROJECTS ?? 2000);
/** Short rounds, alternating servers and their order: a busy machine's drift falls on both alike. */
const VIEWS_PER_ROUND = 30;
const ROUNDS = 10;
/** How long the stand-in GitHub takes to answer a recheck's GraphQL query (GitHub's own: a few hundred ms). */
const GITHUB_MS = Number(process.env.BENCH_RECHECK_GITHUB_MS ?? 200);

/**
 * Recheck round (PGlite): what scheduling rechecks on view adds to a project's page answer. Two production
 * servers on the same generated catalogue (BENCH_RECHECK_PROJECTS projects, 10 issues each, their facts an hour
 * old), both with a token and a stand-in GitHub GraphQL endpoint in this process: one with rechecks on, one
 * with ISSUE_RECHECKS_PER_HOUR=0. One client views projects one after another, each project once, so every
 * view on the first server starts a real recheck (a read, a claim, one GraphQL query, a write) that runs while
 * the next views are answered. Rounds alternate between the servers. Printed: each one's p50 and p90 of
 * GET /api/projects/:owner/:name, the difference of the p50s, and the floor (the bare hello route, same client).
 */
export async function runRecheckBench(): Promise<boolean> {
  const github = await startStandInGitHub();
  const env = (perHour: string) => ({
    BENCH_PROJECTS: String(PROJECTS),
    BENCH_GROUPS: '0',
    BENCH_ISSUES: String(PROJECTS * 10),
    BENCH_STALE_ISSUES: '1',
    GITHUB_TOKEN: 'bench-token',
    GITHUB_API_URL: github.url,
    GITHUB_TIMEOUT_MS: '5000',
    ISSUE_RECHECKS_PER_HOUR: perHour,
    DATABASE_URL: '', // PGlite
  });
  const on = await startServer(env('100000'));
  const off = await startServer(env('0'));
  try {
    console.log(
      `\n== Recheck on view, PGlite: project page API answer, one client, ${ROUNDS} rounds of ${VIEWS_PER_ROUND} views per server (each a project not viewed before, 10 stale issues), GitHub answering in ${GITHUB_MS} ms`,
    );
    const times = { on: [] as number[], off: [] as number[], floor: [] as number[] };
    let next = 1;
    // Warm-up: JIT, the database's caches, the first recheck.
    for (const server of [on, off]) await views(server, 900_000, 20);
    for (let round = 0; round < ROUNDS; round++) {
      const order = [
        ['on', on],
        ['off', off],
      ] as const;
      for (const [mode, server] of round % 2 === 0 ? order : [...order].reverse()) {
        times[mode].push(...(await views(server, next, VIEWS_PER_ROUND)));
      }
      times.floor.push(...(await timed(on.address, () => '/bench/hello', VIEWS_PER_ROUND)));
      next += VIEWS_PER_ROUND;
    }
    const row = (label: string, values: number[]) =>
      console.log(
        `  ${label.padEnd(44)} ${quantile(values, 0.5).toFixed(2).padStart(7)} ${quantile(values, 0.9).toFixed(2).padStart(7)}`,
      );
    console.log(`  ${'route'.padEnd(44)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)}`);
    row('hello (floor)', times.floor);
    row('project page, rechecks off', times.off);
    row('project page, rechecks on', times.on);
    const added = quantile(times.on, 0.5) - quantile(times.off, 0.5);
    console.log(
      `  ${'added by recheck scheduling (p50 on - off)'.padEnd(44)} ${added.toFixed(2).padStart(7)} ms   (${github.queries} GraphQL queries for ${github.issues} issues answered)`,
    );
    return true;
  } finally {
    await on.stop();
    await off.stop();
    await new Promise<void>((resolve) => github.server.close(() => resolve()));
  }
}

/** Views `count` projects in a row from the generated ones, starting at `first`; each one's answer time in ms. */
function views(server: BenchServer, first: number, count: number): Promise<number[]> {
  return timed(
    server.address,
    (i) => {
      const g = ((first + i - 1) % PROJECTS) + 1;
      return `/api/projects/bench-org-${g % 5000}/project-${g}`;
    },
    count,
  );
}

async function timed(address: string, pathOf: (i: number) => string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const res = await fetch(address + pathOf(i));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${pathOf(i)} answered ${res.status}`);
    times.push(performance.now() - start);
  }
  return times;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** A stand-in for GitHub's GraphQL endpoint answering the recheck's query shape: every issue open, unchanged. */
async function startStandInGitHub(): Promise<{
  server: Server;
  url: string;
  queries: number;
  issues: number;
}> {
  const state = { server: undefined as unknown as Server, url: '', queries: 0, issues: 0 };
  state.server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { query = '', variables = {} } = JSON.parse(body || '{}') as {
        query?: string;
        variables?: Record<string, unknown>;
      };
      const data: Record<string, unknown> = {
        rateLimit: { remaining: 4999, resetAt: new Date(Date.now() + 3_600_000).toISOString(), cost: 1 },
      };
      for (const match of query.matchAll(
        /\b(i\d+)\s*:\s*repository\([^)]*\)\s*\{\s*issue\(number:\s*\$(\w+)\)/g,
      )) {
        const number = Number(variables[match[2] ?? '']);
        data[match[1] ?? ''] = {
          issue: {
            state: 'OPEN',
            number,
            title: `Generated issue ${number}`,
            url: `https://github.com/bench/bench/issues/${number}`,
            createdAt: '2026-01-01T00:00:00Z',
            updatedAt: '2026-01-01T00:00:00Z',
            comments: { totalCount: 0 },
            labels: { nodes: [{ name: 'good first issue', color: '7057ff' }] },
            assignees: { nodes: [] },
            closedByPullRequestsReferences: { nodes: [] },
            timelineItems: { nodes: [] },
          },
        };
        state.issues++;
      }
      state.queries++;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
      }, GITHUB_MS);
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}
