import { PROJECT_SORT_OPTIONS, ProjectListResponse, type Project } from '@openlfg/contracts';
import { sql } from 'kysely';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';

/**
 * Paging over a list long enough that pages past the middle are read from the index's other end with a
 * non-zero offset: every sort, with and without a filter, must still give each project exactly once, in
 * order, with the answer in the contract's shape.
 */
const COUNT = 131;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await sql`
    insert into projects (repo_ext, name, topics, contributors, used_by, saves)
    select 'paging/p' || g, 'Name ' || (g % 17), array['t' || (g % 3)],
           case when g % 6 = 0 then null else g % 10 end,
           case when g % 4 = 0 then null else g % 7 end,
           g % 5
    from generate_series(1, ${COUNT}) g`.execute(t.database.db);
});
afterAll(() => t.close());

async function walk(body: Record<string, unknown>): Promise<{ rows: Project[]; total: number }> {
  const rows: Project[] = [];
  let page = 1;
  let totalPages = 1;
  let total = 0;
  do {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: jsonHeaders,
      payload: { ...body, page },
    });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer = res.json();
    expect(Value.Check(ProjectListResponse, answer)).toBe(true);
    expect(answer.pageLocation).toBe(page);
    rows.push(...answer.data);
    totalPages = answer.totalPages;
    total = answer.total;
    page++;
  } while (page <= totalPages);
  return { rows, total };
}

function sortKey(p: Project, field: string): number | string | null {
  return (
    { contributors: p.contributors, name: p.name.toLowerCase(), used_by: p.usedBy, saves: p.saves }[field] ??
    null
  );
}

describe.each(PROJECT_SORT_OPTIONS.map((o) => [o.label, o.sortField, o.order] as const))(
  '%s',
  (_label, sortField, order) => {
    it.each([
      ['everything', {}],
      ['one topic', { filters: { topics: ['t1'], languages: [] } }],
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
  },
);
