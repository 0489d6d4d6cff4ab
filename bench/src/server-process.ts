import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { migrateToLatest } from '../../server/dist/platform/db/migrate.js';
import { openConfiguredDatabase } from '../../server/dist/platform/db/open-configured.js';
import { withoutStatementTimeout } from '../../server/dist/platform/db/waits.js';
import { createAccountsRepository } from '../../server/dist/accounts/repository.js';
import { createSessions } from '../../server/dist/accounts/sessions.js';
import { generateGroupNeeds, generatePeople } from './generate-people.js';
import { generateGroups, generateIssues, generateProjects } from './generate-projects.js';

/**
 * The production build of the server, in a process of its own, plus one bare route: the baseline every other
 * route's throughput is divided by, measured on the same process and stack in the same run. The parent
 * passes DATABASE_URL (or none, for PGlite), LIST_CACHE_TTL_MS and BENCH_PROJECTS in the environment. The
 * realtime bench runs several of these as nodes of one deployment: it passes BENCH_PORT (a fixed port, so a
 * killed node comes back at the same address), PUBLIC_URL (the origin its WebSocket accepts) and
 * BENCH_SESSION_SECRET (the same on every node), and BENCH_LOG_LEVEL=error (outages under test log their warnings
 * by the hundred). The logging round starts it with BENCH_LOG_LEVEL=info and sets the level by message; the
 * sitemap round asks it for its memory by message. The recheck round passes BENCH_STALE_ISSUES=1.
 */
const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: process.env.BENCH_PORT ?? '0',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  // The load comes from one address on purpose; the limits would measure themselves.
  RATE_LIMIT_PER_MINUTE: '0',
  REALTIME_SOCKETS_PER_ADDRESS: '0',
  SESSION_SECRET: process.env.BENCH_SESSION_SECRET ?? randomBytes(32).toString('hex'),
  GITHUB_CLIENT_ID: 'bench',
  GITHUB_CLIENT_SECRET: 'bench',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openlfg-bench-')),
});
const database = await openConfiguredDatabase(config);
await migrateToLatest(database.db);
const projects = Number(process.env.BENCH_PROJECTS ?? 0);
const groups = Number(process.env.BENCH_GROUPS ?? 0);
const issues = Number(process.env.BENCH_ISSUES ?? 0);
const profiles = Number(process.env.BENCH_PROFILES ?? 0);
// Bulk loads run longer than a request's statement may (statement_timeout): one connection without it.
await withoutStatementTimeout(database.db, async (db) => {
  if (projects > 0) await generateProjects(db, projects);
  if (groups > 0) await generateGroups(db, groups);
  if (issues > 0) await generateIssues(db, issues);
  // The recheck round: every issue's facts an hour old, so each view of a project rechecks its issues.
  if (process.env.BENCH_STALE_ISSUES === '1') {
    await sql`update issues set synced_at = now() - interval '1 hour'`.execute(db);
  }
  if (profiles > 0) {
    await generateGroupNeeds(db);
    await generatePeople(db, profiles);
  }
});
// With issues, a signed-in user whose public repositories (TypeScript and Rust, on topic-7 and area-3) best for
// you ranks by: their session cookie goes to the parent.
let cookie: string | undefined;
if (issues > 0) {
  const accounts = createAccountsRepository(database.db);
  const user = await accounts.upsertUser(
    { githubId: 2 ** 46, login: 'bench-finder', name: 'Bench finder', avatarUrl: null },
    'v1.unused.unused.unused',
  );
  const repo = (name: string, language: string, topics: string[]) => ({
    name,
    fullName: `bench-finder/${name}`,
    url: `https://github.com/bench-finder/${name}`,
    description: null,
    language,
    stars: 0,
    topics,
  });
  await accounts.writeRepoCache(
    user.id,
    [repo('a', 'TypeScript', ['topic-7']), repo('b', 'TypeScript', ['area-3']), repo('c', 'Rust', [])],
    new Date(Date.now() + 86_400_000),
  );
  const session = await createSessions(accounts, {
    idleTimeoutMs: 86_400_000,
    absoluteTimeoutMs: 86_400_000,
  }).start(user.id);
  cookie = `openlfg_session=${session.id}`;
}
// With profiles, the matching round's two callers: a person with a profile (Groups for you) and the groups'
// owner (People for your group, on a group that needs two skills).
let matching: { personCookie: string; ownerCookie: string; groupId: number } | undefined;
if (profiles > 0) {
  const accounts = createAccountsRepository(database.db);
  const sessions = createSessions(accounts, { idleTimeoutMs: 86_400_000, absoluteTimeoutMs: 86_400_000 });
  const person = await database.db
    .selectFrom('users')
    .select('id')
    .where('login', '=', 'bench-person-3')
    .executeTakeFirstOrThrow();
  const owner = await database.db
    .selectFrom('users')
    .select('id')
    .where('login', '=', 'bench-owner')
    .executeTakeFirstOrThrow();
  const group = await database.db
    .selectFrom('group_projects')
    .select('id')
    .where('id', '=', 1001)
    .executeTakeFirstOrThrow();
  matching = {
    personCookie: `openlfg_session=${(await sessions.start(person.id)).id}`,
    ownerCookie: `openlfg_session=${(await sessions.start(owner.id)).id}`,
    groupId: group.id,
  };
}
const app = await buildApp({ config, database, webDistDir });
app.get('/bench/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ host: config.host, port: config.port });
process.send?.({ address, cookie, matching });
// The logging round switches the level between its runs (the answer says the next request has it) and reads
// the CPU time this process has used.
process.on('message', (message: { logLevel?: string; memory?: MemoryAction }) => {
  if (message.memory) {
    process.send?.({ memory: memory(message.memory) });
    return;
  }
  if (message.logLevel) app.log.level = message.logLevel;
  const cpu = process.cpuUsage();
  process.send?.({ logLevel: app.log.level, cpuMicros: cpu.user + cpu.system });
});

/**
 * The sitemap round's memory figures. `start` collects garbage (so the baseline is what is live) and samples RSS
 * and the heap every 5 ms from then on, garbage included; `start-live` samples every 50 ms after a full
 * collection, so its peak is the most the server held live at once. `stop` answers the highest of each since.
 */
const gc = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();
type MemoryAction = 'start' | 'start-live' | 'stop';
let peak = { rss: 0, heapUsed: 0 };
let sampler: NodeJS.Timeout | undefined;
function memory(action: MemoryAction): { rss: number; heapUsed: number } {
  const sample = () => {
    if (action === 'start-live') gc();
    const now = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) };
  };
  clearInterval(sampler);
  if (action === 'stop') return peak;
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  peak = { rss, heapUsed };
  sampler = setInterval(sample, action === 'start-live' ? 50 : 5);
  return peak;
}

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
