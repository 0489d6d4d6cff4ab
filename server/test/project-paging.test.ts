import { PROJECT_SORT_OPTIONS, ProjectListResponse, type Project } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { walkPages } from './support/paging.js';

/**
 * Paging over a list long enough that pages past the middle are read from the index's other end with a
 * non-zero offset, and pages deep in both directions start at their sort bucket (DEEP_WALK_ROWS; the name
 * sort's too, with projects added after its buckets were drawn): every sort,
 * with and without a filter, must still give each project exactly once, in order, with the answer in the
 * contract's shape.
 */
const COUNT = 451;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await sql`
    insert into projects (repo_ext, name, language, topics, contributors, used_by, saves, new_since)
    select 'paging/p' || g, 'Name ' || (g % 17),
           case when g % 3 = 0 then 'Rust' when g % 11 = 0 then null else 'Go' end,
           array['t' || (g % 3), case when g % 5 = 0 then 'few' else 'most' end],
           case when g % 6 = 0 then null else g % 10 end,
           case when g % 4 = 0 then null else g % 7 end,
           g % 5,
           case when g % 2 = 0 then now() - make_interval(days => g % 40) end
    from generate_series(1, ${COUNT}) g`.execute(t.database.db);
  // Name buckets of 16 (a catalogue's are 256), then projects added after them, which fall into the buckets
  // their names' places say: name pages cross bucket edges.
  await sql`select project_name_buckets_rebuild(16)`.execute(t.database.db);
  await sql`
    insert into projects (repo_ext, name, language, topics, contributors, used_by, saves)
    select 'paging/late' || g, 'Name ' || (g % 23), 'Go', array['t1', 'most'], g % 4, null, g % 3
    from generate_series(1, 40) g`.execute(t.database.db);
});
afterAll(() => t.close());

function walk(body: Record<string, unknown>) {
  return walkPages<Project>(t.app, '/api/projects', ProjectListResponse, body);
}

function sortKey(p: Project, field: string): number | string | null {
  return (
    { contributors: p.contributors, name: p.name.toLowerCase(), used_by: p.usedBy, saves: p.saves }[field] ??
    null
  );
}

// The offered sorts, and the two orders the API also takes.
const sorts = [
  ...PROJECT_SORT_OPTIONS.map((o) => [o.label, o.sortField, o.order] as const),
  ['Name Z-A', 'name', 'DESC'] as const,
  ['Least Saved', 'saves', 'ASC'] as const,
];

describe.each(sorts)('%s', (_label, sortField, order) => {
  it.each([
    ['everything', {}],
    ['one topic', { filters: { topics: ['t1'], languages: [] } }],
    // Long enough to start deep pages at the topic's own buckets.
    ['a large topic', { filters: { topics: ['most'], languages: [] } }],
    ['a topic and a language', { filters: { topics: ['t2'], languages: ['Go'] } }],
    ['the new ones', { showNew: true }],
    ['one language', { filters: { topics: [], languages: ['Go'] } }],
    ['two languages', { filters: { topics: [], languages: ['Go', 'Rust'] } }],
  ])('pages through %s: each project once, in order', async (_what, extra) => {
    const { rows, total } = await walk({ sortField, order, ...extra });
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.projectId)).size).toBe(total);
    const expected = [...rows].sort((a, b) => {
      const va = sortKey(a, sortField);
      const vb = sortKey(b, sortField);
      if (va === vb) return a.projectId - b.projectId;
      if (va === null) return 1;
      if (vb === null) return -1;
      return (va < vb ? -1 : 1) * (order === 'ASC' ? 1 : -1);
    });
    expect(rows.map((r) => r.projectId)).toEqual(expected.map((r) => r.projectId));
  });
});
