import { runAlertsBench } from './alerts.js';
import { runFinderBench } from './finder.js';
import { runHttpBench } from './http/run.js';
import { runLoggingBench } from './logging.js';
import { runMatchingBench } from './matching.js';
import { runRealtimeAb } from './realtime/ab.js';
import { runRealtimeBench } from './realtime/run.js';
import { runRecheckBench } from './recheck.js';
import { runSitemapBench } from './sitemap.js';
import { runWebhooksBench } from './webhooks.js';
import { printFirstVisitJs } from './web/first-visit.js';
import { runLighthouse } from './web/lighthouse.js';

/**
 * `npm run bench`: first the web figures, then the HTTP rounds, then the realtime scenarios. Nothing is
 * asserted: the targets are printed beside the measured figures (met / NOT MET).
 *
 * Web (web/): the first visit's JavaScript, gzip (web/first-visit.ts: index.html's scripts and modulepreloads and
 * what they import statically, from the build in web/dist), always printed first; then Lighthouse's mobile
 * performance score of `/`, `/group-projects`, a group's page and a project's page beside a bare React page's (the
 * floor), with LCP, TBT and CLS (web/lighthouse.ts, which
 * `npm run lighthouse` also runs on its own), unless another part is picked with BENCH_ONLY.
 *
 * HTTP rounds (http/): drive the production server on loopback with autocannon and print, per route, throughput and
 * latency, and each route's throughput as a ratio of a bare route's on the same process in the same run.
 * Rounds: PGlite, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server; each with the
 * list cache on (as deployed) and off (the raw query cost). With the cache off, each list and search route is
 * also timed alone (200 requests one after another, as the finder round does, after every route's load, in four
 * rounds that take the routes in turn): the answer's own time, printed beside the figure under load, where on
 * this 2-core machine most of a median is the wait behind the others.
 *
 * Logging round (logging.ts): the projects list's throughput with the access log on (LOG_LEVEL=info) and
 * off (silent), alternating on one server, and their ratio against the 10% target.
 *
 * Recheck round (recheck.ts, PGlite): a project's page answer with rechecks on view scheduled and without
 * (ISSUE_RECHECKS_PER_HOUR=0), each view a project whose 10 issues are stale, against a stand-in GitHub in the
 * bench's process: both p50s, their difference, and the floor (the hello route, same client).
 *
 * Finder round (finder.ts, PostgreSQL only): the issue finder over 100,000 projects and 1,000,000
 * generated issues, one connection: first page, a page 25 pages in, best for you, against their targets; and
 * on the same data a project's page as its HTML, rendered by the server, uncached (target 10 ms p50).
 *
 * Alerts round (alerts.ts, PGlite): one new issue matched against 100,000 saved searches (BENCH_ALERTS), its
 * median beside the 5 ms target.
 * Matching round (matching.ts, PostgreSQL only): 100,000 profiles and 20,000 groups with needs, one connection:
 * "groups for you" and "people for your group" p50 against their 20 ms targets (BENCH_PROFILES,
 * BENCH_MATCH_GROUPS size it).
 *
 * Sitemap round (sitemap.ts, PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or the realtime round's private
 * server): every file of /sitemap.xml streamed for BENCH_PROJECTS projects and a tenth of them, with the server's
 * RSS and heap before and at their peak while streaming, against "flat" (the heap's growth bounded and the same
 * at both sizes).
 *
 * Webhooks round (webhooks.ts): GitHub's webhook deliveries one at a time through the app, signed, applied in their
 * transaction: each delivery's handling time, p50 and p99 against the 20 ms target, on PGlite and on PostgreSQL
 * when a server is named. Then live on two nodes (webhooks-live.ts, the realtime round's PostgreSQL server and
 * node processes): deliveries to node A at 100 a second, from each one's sending to the `issues-changed` frame on
 * an open finder's socket on node B, p99 against the 1 s target.
 *
 * Realtime (realtime/run.ts): two nodes (server-process.ts, ports 4601 and 4602) on a private PostgreSQL
 * server (initdb + pg_ctl from /usr/lib/postgresql/15/bin, run as the postgres user when the bench is root,
 * port 55432, deleted afterwards, also on Ctrl-C), 500 WebSocket subscribers over 50 private boards and both
 * nodes, 200 messages a second posted through both nodes. A 10 s warm-up (the rate ramping up), 60 s of steady
 * load (the latency figures), then 60 s more (longer while a fault is still being recovered from) during
 * which node B is killed with SIGKILL and started again, then frozen with SIGSTOP for 10 s while it holds a
 * room's lock (node A's other rooms, health and own subscribers' latency are watched meanwhile, and its posts'
 * worst wait on the held room, target 1.5 s, with the held room's sends lost, target 0), then
 * PostgreSQL is restarted (pg_ctl restart -m fast). Prints losses, duplicates, order, same-node and
 * cross-node delivery latency, reconnect and recovery times. Without the binaries it uses BENCH_DATABASE_URL or TEST_DATABASE_URL (a database of its own there)
 * and skips the PostgreSQL restart. The exit code is 1 when a correctness check fails (loss, duplicates,
 * order, an acknowledged message missing, a node dying), never for a latency figure.
 * Realtime A/B (realtime/ab.ts, BENCH_REALTIME_AB=<git revision>): instead of the above, the steady scenario
 * (no faults) for this checkout and that revision in turns (A B, B A: BENCH_REALTIME_AB_PAIRS pairs), the
 * revision built in a temporary git worktree (npm ci, tsc -b contracts server; removed at the end), each run on a
 * fresh database of one private PostgreSQL server with its side's own nodes and fixtures: each run's median, p99
 * and losses, each side's median, and the ratio beside the target (within 1.2x of the revision's, 0 lost).
 *
 * Switches (environment):
 *   BENCH_ONLY=web | http | logging | recheck | finder | alerts | matching | sitemap | webhooks | realtime  one part only (default: all, in that order); the first
 *                                     visit's JavaScript size is printed whichever runs
 *   LIGHTHOUSE_RUNS, LIGHTHOUSE_REPORT_DIR, CHROMIUM_PATH   the Lighthouse part's (see web/lighthouse.ts)
 *   BENCH_RECHECK_PROJECTS=2000, BENCH_RECHECK_GITHUB_MS=200   the recheck round's catalogue and GitHub's delay
 *   BENCH_ISSUES=1000000              the finder round's generated issues (over BENCH_PROJECTS projects)
 *   BENCH_WEBHOOK_DELIVERIES=2000     the webhooks round's timed deliveries
 *   BENCH_WEBHOOK_RATE=100, BENCH_WEBHOOK_SECONDS=30   the live part's deliveries a second, and for how long
 *   BENCH_WEBHOOK_PORTS=4611,4612     the live part's nodes A and B
 *   BENCH_ALERTS=100000               the alerts round's saved searches
 *   BENCH_REALTIME_SECONDS=60         length of the steady load, and of the faults part (shorten to develop)
 *   BENCH_REALTIME_WARMUP_SECONDS=10  sending before it, ramping up to the rate (checked, not timed)
 *   BENCH_REALTIME_RATE=200           messages a second across all rooms
 *   BENCH_REALTIME_FAULTS=0           the steady load only: no node kill, freeze or PostgreSQL restart;
 *                                     or some of them: BENCH_REALTIME_FAULTS=freeze, =kill,restart
 *   BENCH_REALTIME_AB=<revision>      the realtime part as an A/B against that git revision (see above)
 *   BENCH_REALTIME_AB_PAIRS=2         its pairs of runs
 *   BENCH_REALTIME_PORT=4601          node A's port (node B: the next one)
 *   BENCH_PG_BIN, BENCH_PG_PORT=55432 where the PostgreSQL binaries are, and the private server's port
 *   BENCH_NODE_PROF=<folder>          the realtime nodes write V8 CPU profiles there
 *   BENCH_LOG_LEVEL=error             the realtime nodes' log level (warn shows every 503 of the outage)
 *   BENCH_PROJECTS, BENCH_GROUPS, BENCH_DURATION, BENCH_CONNECTIONS   the HTTP rounds' size
 *   BENCH_CACHE=on | off              the HTTP rounds with the list cache on or off only (default: both)
 *   BENCH_DB=pglite | postgres        the HTTP rounds on one database only (default: both)
 *   BENCH_CASES=<regex>               the HTTP routes whose name matches (the hello baseline always runs)
 *   BENCH_DATABASE_NAME=openlfg_bench the database the PostgreSQL rounds recreate on the server
 */

const only = process.env.BENCH_ONLY;
const PARTS = [
  'web',
  'http',
  'logging',
  'recheck',
  'finder',
  'alerts',
  'matching',
  'sitemap',
  'webhooks',
  'realtime',
] as const;
if (only && !(PARTS as readonly string[]).includes(only)) {
  console.error(`BENCH_ONLY must be one of ${PARTS.join(', ')} (got ${JSON.stringify(only)})`);
  process.exit(2);
}
const runs = (part: (typeof PARTS)[number]) => only === undefined || only === part;
let ok = true;
if (runs('web')) {
  // It prints the first visit's JavaScript too. Figures only: a run it could not measure (it says why) is no
  // correctness failure, so it leaves the exit code alone.
  await runLighthouse();
  console.log();
} else {
  printFirstVisitJs();
}
if (runs('http')) ok = (await runHttpBench()) && ok;
if (runs('logging')) await runLoggingBench();
if (runs('recheck')) ok = (await runRecheckBench()) && ok;
if (runs('finder')) ok = (await runFinderBench()) && ok;
if (runs('alerts')) ok = (await runAlertsBench()) && ok;
if (runs('matching')) ok = (await runMatchingBench()) && ok;
if (runs('sitemap')) ok = (await runSitemapBench()) && ok;
if (runs('webhooks')) ok = (await runWebhooksBench()) && ok;
if (runs('realtime')) {
  const revision = process.env.BENCH_REALTIME_AB;
  ok = (await (revision ? runRealtimeAb(revision) : runRealtimeBench())) && ok;
}
if (!ok) process.exitCode = 1;
