import { overlapMinutes, type GroupSummary, type PeopleForGroupResponse } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlapMinutesSql } from '../src/platform/db/match-score.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, groupFields } from './support/groups.js';
import { profile, saveProfile } from './support/profiles.js';
import { createSignedInUser } from './support/users.js';

/**
 * Timezone windows round the clock: the ranking's SQL counts the overlap as the contracts' function does (the
 * arithmetic's own cases are in contracts/test/people.test.ts), and a window across the date line is kept,
 * ranked and worded like any other.
 */
type User = Awaited<ReturnType<typeof createSignedInUser>>;
let t: TestApp;
let owner: User;
let hawaii: User;

const h = (hours: number) => hours * 60;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t.database.db, 'pacific-owner');
  hawaii = await createSignedInUser(t.database.db, 'hawaii-person');
  // Pacific/Honolulu keeps no summer time: UTC-10 all year.
  await saveProfile(
    t.app,
    hawaii,
    profile({ skills: ['elixir'], timezone: 'Pacific/Honolulu', lookingForGroup: true }),
  );
});
afterAll(() => t.close());

describe('the overlap in SQL', () => {
  it('is the contracts’ overlap for every offset against windows that wrap, and that do not', async () => {
    const windows: [number | null, number | null][] = [
      [null, null],
      [h(-1), h(3)],
      [h(10), h(-8)],
      [h(14), h(-12)],
      [h(-12), h(14)],
      [330, 330],
      [h(12), 690],
    ];
    const offsets = Array.from({ length: 53 }, (_, i) => -720 + i * 30);
    for (const [from, to] of windows) {
      const expression = overlapMinutesSql({
        shared: { known: [], column: sql`null` },
        needs: sql`null`,
        skills: sql`null`,
        timezoneFrom: sql`${from}::int`,
        timezoneTo: sql`${to}::int`,
        offset: sql`o`,
        groupHours: sql`null`,
        personHours: sql`null`,
        activeAt: sql`now()`,
      });
      const { rows } = await sql<{ o: number; overlap: number }>`
        select o, ${expression} as overlap from unnest(${sql.val(offsets)}::int[]) as o order by o
      `.execute(t.database.db);
      expect(
        rows.map((row) => [row.o, row.overlap]),
        `window ${from} to ${to}`,
      ).toEqual(offsets.map((o) => [o, overlapMinutes(o, from, to)]));
    }
  });
});

describe('a window across the date line', () => {
  let pacific: number;

  beforeAll(async () => {
    const res = await call(t.app, 'POST', '/api/group-projects/post-project', owner.cookie, {
      ...groupFields({ title: 'Elixir round the Pacific' }),
      needs: { skills: ['elixir'], timezoneFrom: h(10), timezoneTo: h(-8), hoursPerWeek: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    pacific = res.json().groupProjectId;
  });

  it('is kept as given, east from its first end', async () => {
    const res = await call(t.app, 'GET', `/api/group-projects/${pacific}`, null);
    expect(res.json().needs).toMatchObject({ timezoneFrom: h(10), timezoneTo: h(-8) });
  });

  it('overlaps the whole day of someone inside it, in Groups for you', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects', hawaii.cookie, {
      sortField: 'match',
      order: 'DESC',
      page: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const group = (res.json().data as GroupSummary[]).find((g) => g.groupProjectId === pacific);
    expect(group?.match?.overlapMinutes).toBe(540);
    expect(group?.match?.reasons).toContain('overlaps 9 h with your day');
  });

  it('and in People for your group', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/group-projects/people?groupProjectId=${pacific}`,
      owner.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const person = (res.json() as PeopleForGroupResponse).data.find((p) => p.login === hawaii.login);
    expect(person?.match.reasons).toContain('your window overlaps 9 h with their day');
  });

  it('still needs both ends', async () => {
    const res = await call(t.app, 'POST', '/api/group-projects/post-project', owner.cookie, {
      ...groupFields(),
      needs: { skills: [], timezoneFrom: h(10), timezoneTo: null, hoursPerWeek: null },
    });
    expect(res.statusCode).toBe(400);
  });
});
