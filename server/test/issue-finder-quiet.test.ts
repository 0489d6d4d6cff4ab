// The finder's freshness rule: issues of projects without a push in 90 days are left out, counted, and shown on request.
import { HIDDEN_QUIET_CAP, type IssueListResponse } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';
import { addIssue, addProject, daysAgo } from './support/issues.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await sql`truncate projects, users restart identity cascade`.execute(t.database.db);
});

async function find(body: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/issues', headers: jsonHeaders, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as IssueListResponse;
}

describe('POST /api/issues: quiet projects', () => {
  it('counts the issues the freshness rule hides, under the same filters, and shows them when asked', async () => {
    const db = t.database.db;
    const fresh = await addProject(db, 'acme/fresh', { language: 'Go', lastPushAt: daysAgo(5) });
    const quiet = await addProject(db, 'acme/quiet', { language: 'Go', lastPushAt: daysAgo(200) });
    const quietRust = await addProject(db, 'acme/quiet-rust', { language: 'Rust', lastPushAt: daysAgo(91) });
    const archived = await addProject(db, 'acme/archived', { archived: true, lastPushAt: daysAgo(300) });
    await addIssue(db, fresh, 1, { title: 'fresh' });
    await addIssue(db, quiet, 1, { title: 'quiet one' });
    await addIssue(db, quiet, 2, { title: 'quiet two' });
    await addIssue(db, quiet, 3, { title: 'quiet taken', assignee: 'ada', assignedAt: daysAgo(2) });
    await addIssue(db, quiet, 4, { title: 'quiet closed', open: false });
    await addIssue(db, quietRust, 1, { title: 'quiet rust' });
    await addIssue(db, archived, 1, { title: 'archived' });

    const plain = await find();
    expect(plain.data.map((i) => i.title)).toEqual(['fresh']);
    // Open, not archived, not taken (the default filter): three.
    expect(plain.hiddenQuiet).toBe(3);
    expect((await find({ notTaken: false })).hiddenQuiet).toBe(4);
    expect((await find({ languages: ['Rust'] })).hiddenQuiet).toBe(1);
    expect((await find({ languages: ['Python'] })).hiddenQuiet).toBe(0);

    const shown = await find({ includeQuiet: true });
    expect(shown.data.map((i) => i.title).sort()).toEqual(['fresh', 'quiet one', 'quiet rust', 'quiet two']);
    expect(shown.hiddenQuiet).toBeUndefined();
  });

  it('counts only beside a first page that holds every match, and stops counting at the cap', async () => {
    const db = t.database.db;
    const fresh = await addProject(db, 'acme/fresh', { lastPushAt: daysAgo(1) });
    const quiet = await addProject(db, 'acme/quiet', { lastPushAt: daysAgo(100) });
    for (let n = 1; n <= 25; n++) await addIssue(db, fresh, n);
    const full = await find();
    expect(full.nextCursor).not.toBeNull();
    expect(full.hiddenQuiet).toBeUndefined();
    expect((await find({ cursor: full.nextCursor })).hiddenQuiet).toBeUndefined();

    await sql`
      insert into issues (project_id, number, title, url, created_at, updated_at)
      select ${quiet}, g, 'Quiet ' || g, 'https://github.com/acme/quiet/issues/' || g, now(), now()
      from generate_series(1, ${HIDDEN_QUIET_CAP + 5}) g`.execute(db);
    const short = await find({ languages: ['Go'] });
    expect(short.data).toEqual([]);
    expect(short.hiddenQuiet).toBe(0);
    expect(
      (await find({ label: 'good first issue', notTaken: false, topics: [] })).hiddenQuiet,
    ).toBeUndefined();
    const capped = await find({ projectId: quiet });
    expect(capped.data).toEqual([]);
    expect(capped.hiddenQuiet).toBe(HIDDEN_QUIET_CAP);
  });

  it('refuses a switch that is not a boolean', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/issues',
      headers: jsonHeaders,
      payload: { includeQuiet: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });
});
