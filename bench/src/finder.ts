import { measure, printRows, type Row } from './http/measure.js';
import { freshServerDatabase, startServer } from './http/server.js';
import { durationSeconds, postgresUrl, PROJECTS } from './http/settings.js';
import type { Target } from './http/targets.js';

const ISSUES = Number(process.env.BENCH_ISSUES ?? 1_000_000);

/**
 * The issue finder on PostgreSQL: 100,000 projects and 1,000,000 generated issues, nothing cached (the finder
 * caches no answers), one connection at a time so the latency is the request's own, not a queue's. Measures
 * the first page (the default: not taken, newest), a page 25 pages in (its cursor followed from the first),
 * and best for you for a signed-in user with TypeScript and Rust repositories. Then, on the same data, a
 * project's page as its HTML (the server's rendering, uncached), beside the API's answer for that page.
 */
export async function runFinderBench(): Promise<boolean> {
  if (!postgresUrl) {
    console.log('\n(the finder round needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return true;
  }
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: await freshServerDatabase(postgresUrl, 'openlfg_bench_finder'),
    BENCH_PROJECTS: String(PROJECTS),
    BENCH_GROUPS: '0',
    BENCH_ISSUES: String(ISSUES),
  };
  const started = Date.now();
  const server = await startServer(env);
  try {
    console.log(
      `\n== Issue finder, PostgreSQL: ${PROJECTS} projects, ${ISSUES} issues (generated in ${((Date.now() - started) / 1000).toFixed(0)} s), 1 connection, ${durationSeconds} s per route`,
    );
    let cursor: string | null = null;
    // The project of the first page's first issue: its page has beginner issues to show.
    let pageOf = '';
    for (let page = 1; page < 25; page++) {
      const res = await fetch(`${server.address}/api/issues`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cursor ? { cursor } : {}),
      });
      const answer = (await res.json()) as {
        nextCursor: string | null;
        data: { project: { repoExt: string } }[];
      };
      pageOf ||= answer.data[0]?.project.repoExt ?? '';
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    const finder: Target[] = [
      { name: 'hello (baseline)', path: '/bench/hello' },
      { name: 'finder first page', path: '/api/issues', body: {} },
      { name: 'finder page 25', path: '/api/issues', body: cursor ? { cursor } : {} },
      {
        name: 'finder best for you',
        path: '/api/issues',
        body: { sort: 'best_for_you' },
        ...(server.cookie ? { cookie: server.cookie } : {}),
      },
      { name: 'finder language filter', path: '/api/issues', body: { languages: ['Kotlin'] } },
      { name: 'finder fewest comments', path: '/api/issues', body: { sort: 'fewest_comments' } },
      // A project's page as a search engine gets it: rendered by the server, nothing cached; beside it the
      // API's answer for the same page (the data alone), the floor the rendering adds to.
      { name: 'project page API answer', path: `/api/projects/${pageOf}` },
      { name: 'project page HTML', path: `/projects/${pageOf}` },
    ];
    const rows: Row[] = [];
    for (const target of finder) {
      await measure(server.address, target, 1, 1);
      rows.push(await measure(server.address, target, durationSeconds, 1));
    }
    printRows(rows);
    const find = (name: string) => rows.find((r) => r.name === name);
    const first = find('finder first page');
    const later = find('finder page 25');
    const best = find('finder best for you');
    const pageHtml = find('project page HTML');
    if (first && later && best && pageHtml) {
      // autocannon's medians are whole milliseconds; the means show what is below one.
      const line = (label: string, value: number, target: string, ok: boolean) =>
        console.log(
          `  ${label.padEnd(52)} ${value.toFixed(2).padStart(6)}   target ${target}   ${ok ? 'met' : 'NOT MET'}`,
        );
      console.log('targets:');
      line('finder first page p50 ms (mean in brackets below)', first.p50, '<= 5', first.p50 <= 5);
      line('finder best for you p50 ms', best.p50, '<= 15', best.p50 <= 15);
      line(
        'finder page 25 mean latency / first page mean',
        later.mean / first.mean,
        '<= 1.50',
        later.mean / first.mean <= 1.5,
      );
      line('project page HTML p50 ms (uncached)', pageHtml.p50, '<= 10', pageHtml.p50 <= 10);
      console.log(
        `  (means: first page ${first.mean.toFixed(2)} ms, page 25 ${later.mean.toFixed(2)} ms, best for you ${best.mean.toFixed(2)} ms)`,
      );
    }
    return rows.every((row) => row.bad === 0);
  } finally {
    await server.stop();
  }
}
