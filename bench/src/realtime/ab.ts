import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { percentile } from './check.js';
import { withCleanups, type Cleanups } from './cleanups.js';
import { THIS_CHECKOUT } from './nodes.js';
import { printMachine, runLoad, startPostgres, type LoadSummary } from './run.js';

const run = promisify(execFile);

/** Pairs of runs: the first this checkout then the other revision, the next the other way round, and so on. */
const PAIRS = Number(process.env.BENCH_REALTIME_AB_PAIRS ?? 2);
/** The target: this checkout's median within this factor of the other revision's, in the same run, none lost. */
const TARGET_RATIO = 1.2;
const RATE = Number(process.env.BENCH_REALTIME_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_REALTIME_SECONDS ?? 60);

interface Side {
  label: string;
  root: string;
  runs: LoadSummary[];
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

/** Runs a command in `cwd` and says how long it took; its output is shown (the tail) only when it fails. */
async function step(what: string, cwd: string, command: string, args: string[]): Promise<void> {
  const started = performance.now();
  try {
    await run(command, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const tail = `${stdout ?? ''}${stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`${what} failed in ${cwd}:\n${tail}`);
  }
  console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The build the realtime nodes run (server/dist, and contracts/dist it imports); the web app is not needed. */
const build = (root: string, label: string) =>
  step(`${label}: tsc -b contracts server`, root, path.join(root, 'node_modules/.bin/tsc'), [
    '-b',
    'contracts',
    'server',
  ]);

/**
 * The other revision checked out in a temporary git worktree (detached), its dependencies installed (`npm ci`)
 * and its server built there; the worktree is removed by the cleanups, whatever happens.
 */
async function checkOut(cleanups: Cleanups, revision: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'openlfg-ab-'));
  const tree = path.join(dir, 'tree');
  cleanups.push(async () => {
    await run('git', ['worktree', 'remove', '--force', tree], { cwd: THIS_CHECKOUT }).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    // Forgets the worktree even when `remove` could not (it was never made whole).
    await run('git', ['worktree', 'prune'], { cwd: THIS_CHECKOUT }).catch(() => {});
  });
  await step(`git worktree add ${revision}`, THIS_CHECKOUT, 'git', [
    'worktree',
    'add',
    '--detach',
    tree,
    revision,
  ]);
  await step(`${revision}: npm ci`, tree, 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  return tree;
}

function printRun(n: number, side: Side, summary: LoadSummary, load: number): void {
  const others = [...summary.statuses].filter(([status]) => status !== '200');
  console.log(
    [
      `  run ${String(n).padStart(2)}  ${side.label.padEnd(16)}`,
      `median ${ms(summary.medianMs).padStart(7)}`,
      `p99 ${ms(summary.p99Ms).padStart(7)}`,
      `lost ${String(summary.lost).padStart(4)}`,
      `(send -> transaction ${ms(summary.toTransactionMs)}, transaction -> frame ${ms(summary.fromTransactionMs)}; ` +
        `${summary.sent} sent${others.length ? `, answers ${others.map(([k, v]) => `${k}: ${v}`).join(', ')}` : ''}` +
        `${summary.ok ? '' : ', CHECKS FAILED'}; load average ${load.toFixed(2)} before)`,
    ].join('  '),
  );
}

/**
 * `BENCH_REALTIME_AB=<revision>`: the realtime bench's steady scenario (no faults) for this checkout against
 * another git revision, in one run on one machine: the revision is built in a temporary worktree, then the
 * two take turns (A B, B A, ... BENCH_REALTIME_AB_PAIRS pairs), each run on a fresh database of the same
 * PostgreSQL server, each side's nodes and fixtures from its own build. Prints each run's median, p99 and
 * losses, then each side's median over all its runs' steady deliveries, and the ratio against the target.
 * Answers false when a run's correctness checks failed (on either side), never for a latency figure.
 */
export async function runRealtimeAb(revision: string): Promise<boolean> {
  return withCleanups('realtime A/B bench', async (cleanups) => {
    const head = (await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: THIS_CHECKOUT })).stdout.trim();
    const dirty = (await run('git', ['status', '--porcelain'], { cwd: THIS_CHECKOUT })).stdout.trim() !== '';
    const other = (
      await run('git', ['rev-parse', '--short', `${revision}^{commit}`], { cwd: THIS_CHECKOUT })
    ).stdout.trim();
    const sides: [Side, Side] = [
      { label: `this (${head}${dirty ? '+' : ''})`, root: THIS_CHECKOUT, runs: [] },
      { label: other, root: '', runs: [] },
    ];
    console.log(
      `\n== realtime A/B: this checkout (${head}${dirty ? ', with uncommitted changes' : ''}) against ${other}; ` +
        `2 nodes, 500 subscribers, ${RATE} msg/s x ${SECONDS} s steady, no faults, ${PAIRS} pairs of runs`,
    );
    sides[1].root = await checkOut(cleanups, other);
    await build(THIS_CHECKOUT, 'this checkout');
    await build(sides[1].root, other);
    printMachine();
    const pgServer = await startPostgres(cleanups);
    if (!pgServer) return true;
    console.log(
      'each run: a fresh database, its side’s nodes and fixtures; median and p99 over the steady deliveries, ms',
    );
    let n = 0;
    for (let pair = 0; pair < PAIRS; pair += 1) {
      for (const side of pair % 2 === 0 ? sides : [sides[1], sides[0]]) {
        n += 1;
        await pgServer.fresh();
        const load = loadavg()[0] ?? 0;
        const mark = cleanups.mark;
        try {
          const summary = await runLoad(cleanups, pgServer, {
            root: side.root,
            faults: new Set(),
            brief: true,
          });
          side.runs.push(summary);
          printRun(n, side, summary, load);
        } finally {
          // Its nodes, sockets and connections go before the next run starts its own on the same ports.
          await cleanups.unwind(mark);
        }
      }
    }
    return printComparison(sides, other);
  });
}

function printComparison([mine, theirs]: [Side, Side], other: string): boolean {
  const pooled = (side: Side) => side.runs.flatMap((summary) => summary.latencies);
  const lost = (side: Side) => side.runs.reduce((sum, summary) => sum + summary.lost, 0);
  const medianOfRuns = (side: Side) =>
    percentile(
      side.runs.map((summary) => summary.medianMs),
      0.5,
    );
  console.log('each side over all its runs (every steady delivery pooled; the runs’ medians beside it):');
  for (const side of [mine, theirs]) {
    const all = pooled(side);
    console.log(
      `  ${side.label.padEnd(16)}  median ${ms(percentile(all, 0.5)).padStart(7)}  p99 ${ms(percentile(all, 0.99)).padStart(7)}  lost ${String(lost(side)).padStart(4)}  (runs' medians: ${side.runs.map((summary) => ms(summary.medianMs)).join(', ')}; their median ${ms(medianOfRuns(side))})`,
    );
  }
  const ratio = percentile(pooled(mine), 0.5) / percentile(pooled(theirs), 0.5);
  const met = ratio <= TARGET_RATIO && lost(mine) === 0;
  console.log('target:');
  console.log(
    `  median ${ratio.toFixed(2)}x of ${other}'s, lost ${lost(mine)}   target median within ${TARGET_RATIO}x of ${other}, 0 lost   ${met ? 'met' : 'NOT MET'}`,
  );
  console.log(
    '  (one machine, both sides under the same load in turn: the ratio is the figure, the absolute ms depend on the machine and its other work)',
  );
  return [mine, theirs].every((side) => side.runs.every((summary) => summary.ok));
}
