import { BEGINNER_LABELS } from '@openlfg/contracts';
import { sql, type Kysely } from 'kysely';
import { createAlertsRepository, insertAlerts } from '../../server/dist/alerts/repository.js';
import { openDatabase } from '../../server/dist/platform/db/database.js';
import { migrateToLatest } from '../../server/dist/platform/db/migrate.js';
import type { DB } from '../../server/dist/platform/db/schema.js';
import { withoutStatementTimeout } from '../../server/dist/platform/db/waits.js';
import { generateProjects } from './generate-projects.js';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const PROJECTS = 2_000;
const USERS = 10_000;
const RUNS = Number(process.env.BENCH_ALERT_RUNS ?? 300);
/** The target: one new issue matched against 100,000 alerts. */
const TARGET_MS = 5;

const LANGUAGES = ['TypeScript', 'Rust', 'Go', 'Python', 'Java', 'C++', 'Ruby', 'Kotlin'];

/** A deterministic spread of the finder's filters, as people would save them. */
function alertFilters(n: number) {
  const pick = <T>(values: readonly T[], salt: number) => values[(n * salt + (n >> 3)) % values.length] as T;
  const projectId = n % 20 === 0 ? 1 + (n % PROJECTS) : null;
  const languages =
    n % 5 === 0 ? [] : n % 7 === 0 ? [pick(LANGUAGES, 3), pick(LANGUAGES, 5)] : [pick(LANGUAGES, 3)];
  const topics = n % 2 === 0 ? [`topic-${n % 50}`] : n % 9 === 0 ? [`area-${n % 13}`, `lang-${n % 7}`] : [];
  const label = n % 5 < 3 ? pick(BEGINNER_LABELS, 7) : null;
  return { projectId, languages: [...new Set(languages)], topics, label };
}

/**
 * Alerts for new issues: BENCH_ALERTS (100,000) saved searches by 10,000 users over 2,000 generated projects, on
 * PGlite (as a single node runs), then one new issue matched against them (alerts/repository.ts
 * `matchingAlerts`: the candidates and their checks in one index-only range of the match keys), RUNS times one after
 * another. Prints the median and p95 beside the 5 ms target, and how many alerts the issue matched.
 */
export async function runAlertsBench(): Promise<boolean> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const db = database.db as unknown as Kysely<DB>;
    await migrateToLatest(database.db);
    const started = performance.now();
    await withoutStatementTimeout(database.db, async (c) => {
      await generateProjects(c, PROJECTS);
      await sql`
        insert into users (github_id, login, name)
        select 5000000 + g, 'bench-user-' || g, 'Bench user ' || g from generate_series(1, ${USERS}) g`.execute(
        c,
      );
    });
    const { rows } = await sql<{ id: number }>`select id from users order by id`.execute(db);
    const userIds = rows.map((row) => Number(row.id));
    for (let start = 0; start < ALERTS; start += 2_000) {
      const batch = [];
      for (let n = start; n < Math.min(ALERTS, start + 2_000); n++) {
        const filters = alertFilters(n);
        batch.push({
          user_id: userIds[n % userIds.length] as number,
          name: `alert ${n}`,
          languages: filters.languages,
          topics: filters.topics,
          label: filters.label,
          not_taken: n % 4 !== 0,
          answers_within_week: n % 10 === 0,
          updated_within_days: null,
          project_id: filters.projectId,
          include_quiet: n % 25 === 0,
        });
      }
      await insertAlerts(db, batch);
    }
    // As autovacuum leaves a settled table: statistics, and a visibility map for the index-only range.
    await sql`vacuum analyze issue_alerts`.execute(db);
    await sql`vacuum analyze issue_alert_keys`.execute(db);
    // The new issue: a Rust project's (topics topic-1, lang-1, area-1), labelled as most beginner issues are.
    const issue = await db
      .insertInto('issues')
      .values({
        project_id: 1,
        number: 1,
        title: 'A new beginner issue',
        url: 'https://github.com/bench-org-1/project-1/issues/1',
        labels: JSON.stringify([{ name: 'good first issue', color: '7057ff' }]),
        label_names: ['good first issue', 'help wanted'],
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seconds = (performance.now() - started) / 1000;
    const repository = createAlertsRepository(database.db);
    let matched = 0;
    for (let run = 0; run < 20; run++) matched = (await repository.matchingAlerts(db, [issue.id])).length;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const at = performance.now();
      await repository.matchingAlerts(db, [issue.id]);
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    if (process.env.BENCH_ALERT_EXPLAIN) await printPlan(db, issue.id);
    const p50 = times[Math.floor(times.length / 2)] ?? 0;
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    console.log(
      `\n== Alerts for new issues, PGlite: ${ALERTS} saved searches (made in ${seconds.toFixed(0)} s), 1 new issue matching ${matched} of them, ${RUNS} runs`,
    );
    console.log(
      `  ${'match 1 new issue p50 ms'.padEnd(52)} ${p50.toFixed(2).padStart(6)}   target <= ${TARGET_MS}   ${p50 <= TARGET_MS ? 'met' : 'NOT MET'}`,
    );
    console.log(`  (p95 ${p95.toFixed(2)} ms)`);
    return matched > 0;
  } finally {
    await database.close();
  }
}

/** BENCH_ALERT_EXPLAIN=1: the plan of the match's query for the new issue, as it ran. */
async function printPlan(db: Kysely<DB>, issueId: number) {
  const facts = await db
    .selectFrom('issues')
    .select(['project_id', 'project_language', 'project_topics', 'label_names'])
    .where('id', '=', issueId)
    .executeTakeFirstOrThrow();
  const { issueMatchKeys } = await import('../../server/dist/alerts/match-keys.js');
  const keys = issueMatchKeys({
    projectId: facts.project_id,
    language: facts.project_language,
    topics: facts.project_topics,
    labelNames: facts.label_names,
  });
  const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers)
    select k.alert_id from issue_alert_keys k where k.key = any(${sql.val(keys)}::text[])
      and k.topics <@ ${sql.val(facts.project_topics)}::text[] and (true or not k.not_taken)
      and (false or not k.answers_within_week) and (true or k.include_quiet)
      and (k.updated_within_days is null or k.updated_within_days > 0)`.execute(db);
  for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
  const times: number[] = [];
  for (let run = 0; run < 100; run++) {
    const at = performance.now();
    await sql`select count(*) from issue_alert_keys k where k.key = any(${sql.val(keys)}::text[])
      and k.topics <@ ${sql.val(facts.project_topics)}::text[]`.execute(db);
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  console.log(`    the same range counted, not answered: p50 ${(times[50] ?? 0).toFixed(2)} ms`);
}
