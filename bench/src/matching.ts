import { measure, printRows, type Row } from './http/measure.js';
import { freshServerDatabase, startServer } from './http/server.js';
import { durationSeconds, postgresUrl } from './http/settings.js';
import type { Target } from './http/targets.js';

const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const MATCH_GROUPS = Number(process.env.BENCH_MATCH_GROUPS ?? 20_000);
const TARGET_MS = 20;

/**
 * Matching on PostgreSQL: 100,000 profiles (one in three looking for a group) and 20,000 groups (three in four
 * needing two of 60 skills), nothing cached (both answers depend on who asks), one connection so the latency is
 * the request's own. "Groups for you" for a person with five skills and a timezone; "People for your group" for
 * the owner of a group that needs two skills. Each p50 beside its target (20 ms).
 */
export async function runMatchingBench(): Promise<boolean> {
  if (!postgresUrl) {
    console.log('\n(the matching round needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return true;
  }
  const started = Date.now();
  const server = await startServer({
    DATABASE_URL: await freshServerDatabase(postgresUrl, 'openlfg_bench_matching'),
    BENCH_PROJECTS: '0',
    BENCH_GROUPS: String(MATCH_GROUPS),
    BENCH_PROFILES: String(PROFILES),
  });
  try {
    const { matching } = server;
    if (!matching) throw new Error('the bench server made no matching callers');
    console.log(
      `\n== Matching, PostgreSQL: ${PROFILES} profiles, ${MATCH_GROUPS} groups (generated in ${((Date.now() - started) / 1000).toFixed(0)} s), 1 connection, ${durationSeconds} s per route`,
    );
    const targets: Target[] = [
      { name: 'hello (baseline)', path: '/bench/hello' },
      {
        name: 'groups for you',
        path: '/api/group-projects',
        body: { sortField: 'match', order: 'DESC', page: 1 },
        cookie: matching.personCookie,
      },
      {
        name: 'people for your group',
        path: `/api/group-projects/people?groupProjectId=${matching.groupId}`,
        cookie: matching.ownerCookie,
      },
    ];
    const rows: Row[] = [];
    for (const target of targets) {
      await measure(server.address, target, 1, 1);
      rows.push(await measure(server.address, target, durationSeconds, 1));
    }
    printRows(rows);
    console.log('targets:');
    for (const name of ['groups for you', 'people for your group']) {
      const row = rows.find((r) => r.name === name);
      if (!row) continue;
      const ok = row.p50 <= TARGET_MS;
      console.log(
        `  ${`${name} p50 ms (mean ${row.mean.toFixed(2)})`.padEnd(52)} ${row.p50.toFixed(2).padStart(6)}   target <= ${TARGET_MS}   ${ok ? 'met' : 'NOT MET'}`,
      );
    }
    return rows.every((row) => row.bad === 0);
  } finally {
    await server.stop();
  }
}
