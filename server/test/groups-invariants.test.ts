import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

let t: TestApp;
let users: { cookie: string; login: string }[];

beforeAll(async () => {
  t = await createTestApp();
  users = await Promise.all(
    ['inv-a', 'inv-b', 'inv-c', 'inv-d'].map((login) => createSignedInUser(t.database.db, login)),
  );
});
afterAll(() => t.close());

const ACTIONS = [
  'join',
  'request',
  'cancel',
  'leave',
  'approve',
  'reject',
  'save',
  'unsave',
  'report',
] as const;
const step = fc.record({
  actor: fc.integer({ min: 0, max: 3 }),
  action: fc.constantFrom(...ACTIONS),
  group: fc.integer({ min: 0, max: 1 }),
  target: fc.integer({ min: 0, max: 3 }),
});

async function perform(
  groups: number[],
  s: { actor: number; action: (typeof ACTIONS)[number]; group: number; target: number },
) {
  const actor = users[s.actor] as { cookie: string };
  const groupProjectId = groups[s.group] as number;
  const target = (users[s.target] as { login: string }).login;
  switch (s.action) {
    case 'join':
      return call(t.app, 'POST', '/api/group-projects/join', actor.cookie, { groupProjectId });
    case 'request':
      return call(t.app, 'POST', '/api/group-projects/request', actor.cookie, { groupProjectId });
    case 'cancel':
      return call(t.app, 'DELETE', '/api/group-projects/request', actor.cookie, { groupProjectId });
    case 'leave':
      return call(t.app, 'DELETE', '/api/group-projects/leave', actor.cookie, { groupProjectId });
    case 'approve':
      return call(t.app, 'POST', '/api/group-projects/pending-requests', actor.cookie, {
        groupProjectId,
        requestUsername: target,
      });
    case 'reject':
      return call(t.app, 'DELETE', '/api/group-projects/pending-requests', actor.cookie, {
        groupProjectId,
        requestUsername: target,
      });
    case 'save':
      return call(t.app, 'POST', '/api/group-projects/save', actor.cookie, { projectId: groupProjectId });
    case 'unsave':
      return call(t.app, 'DELETE', '/api/group-projects/save', actor.cookie, { projectId: groupProjectId });
    case 'report':
      return call(t.app, 'POST', '/api/group-projects/report', actor.cookie, {
        groupProjectId,
        reason: 'checking',
      });
  }
}

async function invariantViolations(): Promise<string[]> {
  const db = t.database.db;
  const problems: string[] = [];
  const ownersNotMembers = await sql<{ id: number }>`
    select g.id from group_projects g
    where not exists (select 1 from group_members m where m.group_id = g.id and m.user_id = g.owner_id and m.role = 'owner')`.execute(
    db,
  );
  if (ownersNotMembers.rows.length)
    problems.push(`owners not members: ${JSON.stringify(ownersNotMembers.rows)}`);
  const both = await sql`
    select r.group_id, r.user_id from group_join_requests r
    join group_members m on m.group_id = r.group_id and m.user_id = r.user_id
    where r.status = 'pending'`.execute(db);
  if (both.rows.length) problems.push(`member and pending requester: ${JSON.stringify(both.rows)}`);
  const counts = await sql`
    select g.id, g.member_count, (select count(*) from group_members m where m.group_id = g.id) as members,
           g.saves, (select count(*) from group_saves s where s.group_id = g.id) as saves_rows, g.max_members
    from group_projects g`.execute(db);
  for (const row of counts.rows as {
    id: number;
    member_count: number;
    members: number;
    saves: number;
    saves_rows: number;
    max_members: number | null;
  }[]) {
    if (row.member_count !== Number(row.members))
      problems.push(`group ${row.id}: member_count ${row.member_count} != ${row.members} members`);
    if (row.saves !== Number(row.saves_rows))
      problems.push(`group ${row.id}: saves ${row.saves} != ${row.saves_rows} rows`);
    if (row.max_members !== null && Number(row.members) > row.max_members)
      problems.push(`group ${row.id}: over its maximum`);
  }
  return problems;
}

describe('group membership invariants', () => {
  it('hold after any sequence of actions by several users, sequential or concurrent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        async (steps, concurrent) => {
          await sql`truncate mentor_asks, group_person_invitations, message_mentions, messages, group_projects, group_members, group_join_requests, group_saves, group_reports, group_invites, group_removals`.execute(
            t.database.db,
          );
          const groups = [
            await postGroup(t.app, (users[0] as { cookie: string }).cookie, {
              visibility: 'public',
              maxMembers: 3,
            }),
            await postGroup(t.app, (users[1] as { cookie: string }).cookie, {
              visibility: 'private',
              maxMembers: 3,
            }),
          ];
          const answers = concurrent
            ? await Promise.all(steps.map((s) => perform(groups, s)))
            : await steps.reduce<Promise<Awaited<ReturnType<typeof perform>>[]>>(
                async (done, s) => [...(await done), await perform(groups, s)],
                Promise.resolve([]),
              );
          expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
          expect(await invariantViolations()).toEqual([]);
        },
      ),
      { numRuns: 40, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  }, 240_000);
});
