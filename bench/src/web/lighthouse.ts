import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { firstVisitJs, printFirstVisitJs } from './first-visit.js';
import { buildFloor, startFloor } from './floor.js';
import { startChromium, stop } from './processes.js';
import { FLOOR_LABEL, printProjectAgainstGroup, printResults, type PageResult } from './report.js';
import { groupPageUrl, projectPageUrl, startSite } from './site.js';

/**
 * Lighthouse's mobile performance score (its default settings: a mid-range phone on a slow 4G network,
 * simulated) of `/`, `/group-projects`, a group's page and a project's page, on the production build served by
 * the production server (`server/dist/main.js`) with its demo catalogue, on a free port and a temporary data
 * folder; and of the floor, a bare React page (floor.ts) built with the web app's React, router and Vite config
 * and served by the same server code, measured in the same runs. It prints each page's score and LCP, TBT and
 * CLS beside the target (95) and beside the floor's (within 5 points of its score, at most 1.5 times its
 * total blocking time), whether the project's page scores at least the group's page (issue 26 asks it), and the
 * first visit's JavaScript size. It measures, it asserts nothing: the exit code is 0 whatever the scores (1 only
 * when it could not measure).
 *
 * The group page is the newest group's in the list the API answers (one of the demo's groups); with none (a demo
 * from before its groups), it posts one first (development sign-in, as the e2e journeys do). The project page is
 * that of the first project Discover lists (a demo project), as the server renders it.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (runs per page, the median is
 * printed; default 1), LIGHTHOUSE_REPORT_DIR (writes each run's full report and its trace there as JSON, to see where the
 * time goes), LIGHTHOUSE_PAGES (only the pages whose label holds one of these comma-separated words: `group page`,
 * `project page`; the floor is always measured), LIGHTHOUSE_CPU_SLOWDOWN (how many times Lighthouse slows the
 * CPU down in its simulation; default 4, its phone: 8 shows the pages as a machine half as fast would).
 *
 * Lighthouse slows the CPU down 4 times on top of the machine's own speed, so a busy machine (tests running
 * beside it) scores lower: the machine's benchmark index, which Lighthouse measures each run, is printed too.
 * Each run measures the floor and then every page, one after another, so that a load that comes and goes
 * falls on both.
 */

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',');
const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;

type RunResult = Omit<PageResult, 'label' | 'url'>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** One Lighthouse run; a run whose trace came out broken (it happens on a busy machine) is tried again, twice. */
async function lighthouseRun(url: string, port: number, triesLeft = 2) {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (!lhr.runtimeError) return { lhr, trace: result.artifacts.Trace };
  if (triesLeft === 0) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  console.log(`  (${new URL(url).pathname}: ${lhr.runtimeError.code}, measuring again)`);
  return lighthouseRun(url, port, triesLeft - 1);
}

async function measureOnce(label: string, url: string, port: number, run: number): Promise<RunResult> {
  const { lhr, trace } = await lighthouseRun(url, port);
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}`;
    writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr));
    // The browser's own trace of the run (the Performance panel of Chromium's developer tools opens it).
    writeFileSync(path.join(reportDir, `${name}.trace.json`), JSON.stringify(trace));
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Every page `runs` times, a run of all of them after another; each page's medians. */
async function measureAll(pages: [string, string][], port: number): Promise<PageResult[]> {
  const runsOf = new Map<string, RunResult[]>(pages.map(([label]) => [label, []]));
  for (let run = 0; run < runs; run += 1) {
    for (const [label, url] of pages) runsOf.get(label)?.push(await measureOnce(label, url, port, run));
  }
  return pages.map(([label, url]) => {
    const results = runsOf.get(label) ?? [];
    const of = (metric: keyof RunResult) => median(results.map((result) => result[metric]));
    return {
      label,
      url,
      score: of('score'),
      lcpMs: of('lcpMs'),
      tbtMs: of('tbtMs'),
      cls: of('cls'),
      benchmarkIndex: of('benchmarkIndex'),
    };
  });
}

/** Builds the floor, not the site: run it after `npm run build` (the `lighthouse` script and the bench do). */
export async function runLighthouse(): Promise<boolean> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'openlfg-lighthouse-'));
  const processes: ChildProcess[] = [];
  let floorRoot: string | undefined;
  try {
    printFirstVisitJs();
    if (!existsSync(chromiumPath)) {
      console.log(
        `Lighthouse skipped: it needs Chromium at ${chromiumPath} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`,
      );
      return true;
    }
    const floorBuild = await buildFloor();
    floorRoot = floorBuild.root;
    console.log(
      `the floor's JavaScript (React, React DOM, React Router): ${(firstVisitJs(floorBuild.distDir).gzipBytes / 1000).toFixed(1)} kB gzip`,
    );
    if (cpuSlowdown)
      console.log(`Lighthouse slows the CPU down ${cpuSlowdown} times (LIGHTHOUSE_CPU_SLOWDOWN), not 4`);
    const floor = await startFloor(floorBuild.distDir);
    processes.push(floor.child);
    const site = await startSite(path.join(workDir, 'data'));
    processes.push(site.child);
    const pages: [string, string][] = [
      ['/', `${site.origin}/`],
      ['/group-projects', `${site.origin}/group-projects`],
      ['a group page', await groupPageUrl(site.origin)],
      ['a project page', await projectPageUrl(site.origin)],
    ];
    const measured = pages.filter(([label]) => !onlyPages || onlyPages.some((only) => label.includes(only)));
    const browser = await startChromium(chromiumPath, path.join(workDir, 'chromium'));
    processes.push(browser.child);
    const results = await measureAll([[FLOOR_LABEL, `${floor.origin}/`], ...measured], browser.port);
    printResults(results, runs);
    printProjectAgainstGroup(results);
    return true;
  } catch (error) {
    console.error(`Lighthouse could not measure: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  } finally {
    for (const child of processes.reverse()) await stop(child);
    rmSync(workDir, { recursive: true, force: true });
    if (floorRoot) rmSync(floorRoot, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runLighthouse()) ? 0 : 1;
}
