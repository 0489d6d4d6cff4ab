import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { GROUP_PAGE_SIZE, NEW_PROJECT_DAYS, PROJECT_PAGE_SIZE } from '../../contracts/dist/index.js';
import { openDatabase } from '../../server/dist/platform/db/database.js';
import { migrateToLatest } from '../../server/dist/platform/db/migrate.js';
import type { DB } from '../../server/dist/platform/db/schema.js';
import { withoutStatementTimeout } from '../../server/dist/platform/db/waits.js';
import { createGroupsRepository } from '../../server/dist/groups/repository.js';
import { createProjectsRepository } from '../../server/dist/projects/repository.js';
import { generateGroups, generateProjects } from './generate-projects.js';

/**
 * `tsx bench/src/ab-lists.ts [pglite|postgres]`: the uncached list statements as they were before migration 0012
 * (`count(*)` over the filters, a walk of `offset` index entries from the nearer end, on migrations 0003 and
 * 0005's indexes, made again beside the new ones) against the repositories' (maintained counts, bucketed deep
 * pages), in one process on one database, alternating, so both see the same load. Prints each case's median
 * for count + page, before and after. PostgreSQL: BENCH_DATABASE_URL names the server; a database of its own
 * (BENCH_DATABASE_NAME + '_ab') is recreated.
 */
const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const runs = Number(process.env.BENCH_AB_RUNS ?? 15);
let url = '';
if (kind === 'postgres') {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('set BENCH_DATABASE_URL for the PostgreSQL run');
  const name = `${process.env.BENCH_DATABASE_NAME ?? 'openlfg_bench'}_ab`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(server);
  target.pathname = `/${name}`;
  url = target.toString();
}
const database = await openDatabase(kind === 'postgres' ? { kind, url, poolSize: 2 } : { kind: 'pglite' });
const db = database.db;
await migrateToLatest(db);
await withoutStatementTimeout(db, async (c) => {
  await generateProjects(c, Number(process.env.BENCH_PROJECTS ?? 100_000));
  await generateGroups(c, Number(process.env.BENCH_GROUPS ?? 50_000));
  // The indexes the lists read before migration 0012.
  for (const index of [
    'old_p_contrib_desc on projects (contributors desc nulls last, id)',
    'old_p_contrib_asc on projects (contributors asc nulls last, id)',
    'old_p_name on projects (lower(name), id)',
    'old_p_used_desc on projects (used_by desc nulls last, id)',
    'old_p_used_asc on projects (used_by asc nulls last, id)',
    'old_p_saves_desc on projects (saves desc, id)',
    'old_g_date_desc on group_projects (date_posted desc, id)',
    'old_g_date_asc on group_projects (date_posted asc, id)',
    'old_g_saves on group_projects (saves desc, id)',
  ]) {
    await sql.raw(`create index ${index}`).execute(c);
  }
  await sql`vacuum analyze`.execute(c);
});

interface ProjectCase {
  sortField: 'contributors' | 'name' | 'used_by' | 'saves';
  order: 'ASC' | 'DESC';
  topics: string[];
  languages: string[];
  showNew: boolean;
  search: null;
}
interface GroupCase {
  sortField: 'date_posted' | 'saves';
  order: 'ASC' | 'DESC';
  topics: string[];
  skillLevels: ('Beginner' | 'Intermediate' | 'Advanced' | 'Any level')[];
  visibility: 'public' | 'private' | null;
  /** The list's default (open and full groups), which every case asks for. */
  statuses: ('open' | 'full')[];
  datePostedDays: number | null;
  search: null;
}

function projectWhere(q: ProjectCase) {
  return sql`true
    ${q.topics.length ? sql`and topics @> ${sql.val(q.topics)}::text[]` : sql``}
    ${q.languages.length ? sql`and language = any(${sql.val(q.languages)}::text[])` : sql``}
    ${q.showNew ? sql`and new_since >= now() - make_interval(days => ${NEW_PROJECT_DAYS})` : sql``}`;
}
function groupWhere(q: GroupCase) {
  return sql`hidden_at is null and status = 'open'
    ${q.topics.length ? sql`and topics @> ${sql.val(q.topics)}::text[]` : sql``}
    ${q.skillLevels.length ? sql`and skill_level = any(${sql.val(q.skillLevels)}::text[])` : sql``}
    ${q.visibility ? sql`and visibility = ${q.visibility}` : sql``}
    ${q.datePostedDays ? sql`and date_posted >= now() - make_interval(days => ${q.datePostedDays}::int)` : sql``}`;
}
/** The old ORDER BY (before the bucket terms), read forwards or from the other end. */
function oldOrder(column: string, ascending: boolean, reversed: boolean, nulls: boolean) {
  const dir = ascending !== reversed ? 'asc' : 'desc';
  return sql.raw(
    `${column} ${dir}${nulls ? (reversed ? ' nulls first' : ' nulls last') : ''}, id ${reversed ? 'desc' : 'asc'}`,
  );
}
async function oldProjects(q: ProjectCase, page: number): Promise<number> {
  const [{ n }] = (
    await sql<{ n: number }>`select count(*)::int as n from projects where ${projectWhere(q)}`.execute(db)
  ).rows as [{ n: number }];
  const offset = (page - 1) * PROJECT_PAGE_SIZE;
  const size = Math.min(PROJECT_PAGE_SIZE, n - offset);
  const reversed = offset > n / 2;
  const column = q.sortField === 'name' ? 'lower(name)' : q.sortField;
  const inner = oldOrder(column, q.order === 'ASC', reversed, true);
  const outer = oldOrder(`p.${column === 'lower(name)' ? 'name' : column}`, q.order === 'ASC', false, true);
  await sql`select p.* from projects p join (select id from projects where ${projectWhere(q)} order by ${inner}
            limit ${size} offset ${reversed ? n - offset - size : offset}) page on page.id = p.id order by ${outer}`.execute(
    db,
  );
  return n;
}
async function oldGroups(q: GroupCase, page: number): Promise<number> {
  const [{ n }] = (
    await sql<{ n: number }>`select count(*)::int as n from group_projects where ${groupWhere(q)}`.execute(db)
  ).rows as [{ n: number }];
  const offset = (page - 1) * GROUP_PAGE_SIZE;
  const size = Math.min(GROUP_PAGE_SIZE, n - offset);
  const reversed = offset > n / 2;
  const inner = oldOrder(q.sortField, q.order === 'ASC', reversed, false);
  const outer = oldOrder(`g.${q.sortField}`, q.order === 'ASC', false, false);
  await sql`select g.*, u.login from group_projects g join users u on u.id = g.owner_id
            join (select id from group_projects where ${groupWhere(q)} order by ${inner}
            limit ${size} offset ${reversed ? n - offset - size : offset}) page on page.id = g.id order by ${outer}`.execute(
    db,
  );
  return n;
}
const projects = createProjectsRepository(db as Kysely<DB>);
const groups = createGroupsRepository(db as Kysely<DB>);
async function newProjects(q: ProjectCase, page: number): Promise<number> {
  const { total, match } = await projects.count(q);
  await projects.page(q, page, total, match);
  return total;
}
async function newGroups(q: GroupCase, page: number): Promise<number> {
  const { total, match } = await groups.count(q);
  await groups.page(q, page, total, match);
  return total;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
async function compare(name: string, before: () => Promise<number>, after: () => Promise<number>) {
  const a: number[] = [];
  const b: number[] = [];
  const [n1, n2] = [await before(), await after()]; // warm-up; both must agree on the total
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await before();
    a.push(performance.now() - t);
    t = performance.now();
    await after();
    b.push(performance.now() - t);
  }
  const agree = n1 === n2 ? '' : `  TOTALS DIFFER: ${n1} vs ${n2}`;
  console.log(
    `${name.padEnd(40)} ${String(n2).padStart(7)} ${median(a).toFixed(2).padStart(8)} ${median(b).toFixed(2).padStart(8)} ${(median(a) / median(b)).toFixed(1).padStart(6)}x${agree}`,
  );
}

const p = (extra: Partial<ProjectCase>): ProjectCase => ({
  sortField: 'contributors',
  order: 'DESC',
  topics: [],
  languages: [],
  showNew: false,
  search: null,
  ...extra,
});
const g = (extra: Partial<GroupCase>): GroupCase => ({
  sortField: 'date_posted',
  order: 'DESC',
  topics: [],
  skillLevels: [],
  visibility: null,
  statuses: ['full', 'open'],
  datePostedDays: null,
  search: null,
  ...extra,
});
const middle = async (count: () => Promise<number>, size: number) =>
  Math.ceil(Math.ceil((await count()) / size) / 2);
const last = async (count: () => Promise<number>, size: number) => Math.ceil((await count()) / size);
const pc = (q: ProjectCase) => async () => (await projects.count(q)).total;
const gc = (q: GroupCase) => async () => (await groups.count(q)).total;
const projectCases: [string, ProjectCase, 'first' | 'middle' | 'last'][] = [
  ['projects page 1', p({}), 'first'],
  ['projects last page', p({}), 'last'],
  ...(['contributors', 'name', 'used_by', 'saves'] as const).flatMap((sortField) =>
    (['DESC', 'ASC'] as const).map(
      (order) =>
        [`projects ${sortField} ${order} middle`, p({ sortField, order }), 'middle'] as [
          string,
          ProjectCase,
          'middle',
        ],
    ),
  ),
  ['projects topic p1', p({ topics: ['topic-7'] }), 'first'],
  ['projects topic middle', p({ topics: ['topic-7'] }), 'middle'],
  ['projects 2 topics', p({ topics: ['topic-7', 'area-3'] }), 'first'],
  ['projects language p1', p({ languages: ['Rust'] }), 'first'],
  ['projects language middle', p({ languages: ['Rust'] }), 'middle'],
  ['projects 2 languages middle', p({ languages: ['Go', 'Rust'] }), 'middle'],
  ['projects topic+language', p({ topics: ['topic-7'], languages: ['Ruby', 'Go'] }), 'first'],
  ['projects new p1', p({ showNew: true }), 'first'],
  ['projects new middle', p({ showNew: true }), 'middle'],
];
const groupCases: [string, GroupCase, 'first' | 'middle' | 'last'][] = [
  ['groups page 1', g({}), 'first'],
  ['groups middle', g({}), 'middle'],
  ['groups last', g({}), 'last'],
  ['groups oldest middle', g({ order: 'ASC' }), 'middle'],
  ['groups saves middle', g({ sortField: 'saves' }), 'middle'],
  ['groups saves ASC middle', g({ sortField: 'saves', order: 'ASC' }), 'middle'],
  ['groups topic middle', g({ topics: ['topic-3'] }), 'middle'],
  ['groups skill middle', g({ skillLevels: ['Beginner', 'Advanced'] }), 'middle'],
  ['groups private middle', g({ visibility: 'private' }), 'middle'],
  ['groups 30 days middle', g({ datePostedDays: 30 }), 'middle'],
  [
    'groups filtered',
    g({ topics: ['topic-3', 'topic-5'], skillLevels: ['Intermediate'], datePostedDays: 30 }),
    'first',
  ],
];
console.log(`${kind}: median ms of count + page, ${runs} runs each, before (0003/0005) and after (0012)`);
console.log(`${'case'.padEnd(40)} ${'total'.padStart(7)} ${'before'.padStart(8)} ${'after'.padStart(8)}`);
for (const [name, q, where] of projectCases) {
  const page = where === 'first' ? 1 : await (where === 'middle' ? middle : last)(pc(q), PROJECT_PAGE_SIZE);
  await compare(
    `${name} (${page})`,
    () => oldProjects(q, page),
    () => newProjects(q, page),
  );
}
for (const [name, q, where] of groupCases) {
  const page = where === 'first' ? 1 : await (where === 'middle' ? middle : last)(gc(q), GROUP_PAGE_SIZE);
  await compare(
    `${name} (${page})`,
    () => oldGroups(q, page),
    () => newGroups(q, page),
  );
}
await database.close();
