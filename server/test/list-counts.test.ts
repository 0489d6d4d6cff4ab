import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { drift, expectExact } from './support/list-counts.js';
import { reportedGroup } from './support/moderation.js';
import { createSignedInUser } from './support/users.js';
import {
  repository,
  seed,
  startWorld,
  stopWorld,
  sync,
  syncEnv,
  type SyncWorld,
} from './catalog/sync/support.js';

/**
 * The lists' totals come from counts that triggers keep (migration 0012) whenever a filter allows it. They
 * must never drift: after every kind of write the site makes, and after any sequence of raw statements
 * (bulk, rolled back, truncated), each maintained count equals what `count(*)` over the rows says, and every
 * list answers the same total as `count(*)` with its filters.
 */
let world: SyncWorld;
let t: TestApp;
let moderator: { cookie: string };

beforeAll(async () => {
  world = await startWorld();
  // The list cache off: every answer is computed, so a stale count could not hide behind it.
  t = await createTestApp({ env: { ...syncEnv(world), ADMIN_LOGINS: 'mod-counts', LIST_CACHE_TTL_MS: '0' } });
  moderator = await createSignedInUser(t.database.db, 'mod-counts');
});
afterAll(async () => {
  await t.close();
  await stopWorld(world);
});

describe('list totals stay exact', () => {
  it('through an import, a sync that changes languages, topics and figures, saves and a removal', async () => {
    await seed(t.database, ['acme/one', 'acme/two', 'acme/three', 'acme/four']);
    await expectExact(t);
    const before = await call(t.app, 'POST', '/api/projects', null, {
      sortField: 'name',
      order: 'ASC',
      page: 1,
    });
    expect(before.json().total).toBe(4);

    world.github.repositories.set('acme/one', repository(1));
    world.github.repositories.set('acme/two', repository(2, { language: 'Rust', topics: ['cli'] }));
    world.github.repositories.set('acme/three', repository(3, { language: null, topics: [] }));
    expect((await sync(world, t.database)).status).toBe('completed');
    await expectExact(t);
    const cli = await call(t.app, 'POST', '/api/projects', null, {
      sortField: 'name',
      order: 'ASC',
      page: 1,
      filters: { topics: ['cli'] },
    });
    expect(cli.json().total).toBe(2);

    const user = await createSignedInUser(t.database.db, 'saver');
    const ids = (await t.database.db.selectFrom('projects').select('id').execute()).map((r) => r.id);
    for (const projectId of ids) {
      expect((await call(t.app, 'POST', '/api/projects/save', user.cookie, { projectId })).statusCode).toBe(
        200,
      );
    }
    await call(t.app, 'DELETE', '/api/projects/save', user.cookie, { projectId: ids[0] });
    await expectExact(t);

    const removed = await call(t.app, 'DELETE', `/api/admin/projects/${ids[1]}`, moderator.cookie, {
      reason: 'Gone.',
    });
    expect(removed.statusCode).toBe(204);
    await expectExact(t);
    const after = await call(t.app, 'POST', '/api/projects', null, {
      sortField: 'name',
      order: 'ASC',
      page: 1,
    });
    expect(after.json().total).toBe(3);
  });

  it('through group posts, saves, joins, a hide and deletions', async () => {
    const owner = await createSignedInUser(t.database.db, 'group-owner');
    const joiner = await createSignedInUser(t.database.db, 'group-joiner');
    const ids = [
      await postGroup(t.app, owner.cookie, { topics: ['web', 'rust'] }),
      await postGroup(t.app, owner.cookie, { topics: ['web'], visibility: 'private' }),
      await postGroup(t.app, owner.cookie, { topics: ['rust'] }),
    ];
    await expectExact(t);
    await call(t.app, 'POST', '/api/group-projects/save', joiner.cookie, { groupProjectId: ids[0] });
    await call(t.app, 'POST', '/api/group-projects/join', joiner.cookie, { groupProjectId: ids[0] });
    await expectExact(t);

    const { groupId } = await reportedGroup(t.app, t.database.db, owner.cookie, 1, { topics: ['web'] });
    const listed = async () =>
      (
        await call(t.app, 'POST', '/api/group-projects', null, {
          sortField: 'date_posted',
          order: 'DESC',
          page: 1,
        })
      ).json().total as number;
    const beforeHide = await listed();
    const hidden = await call(t.app, 'POST', `/api/admin/reports/${groupId}/hide`, moderator.cookie, {
      reason: 'Advertising.',
    });
    expect(hidden.statusCode).toBe(200);
    expect(await listed()).toBe(beforeHide - 1);
    await expectExact(t);

    const deleted = await call(t.app, 'DELETE', '/api/group-projects/delete-project', owner.cookie, {
      groupProjectId: ids[1],
    });
    expect(deleted.statusCode).toBe(204);
    const again = await reportedGroup(t.app, t.database.db, owner.cookie, 1, { topics: ['web'] });
    const byModerator = await call(
      t.app,
      'POST',
      `/api/admin/reports/${again.groupId}/delete`,
      moderator.cookie,
      {
        reason: 'Spam.',
      },
    );
    expect(byModerator.statusCode).toBe(200);
    await expectExact(t);
  });

  it('through status changes, and a group filling up and freeing a spot', async () => {
    const owner = await createSignedInUser(t.database.db, 'status-owner');
    const joiner = await createSignedInUser(t.database.db, 'status-joiner');
    const small = await postGroup(t.app, owner.cookie, { topics: ['web'], maxMembers: 2 });
    const other = await postGroup(t.app, owner.cookie, { topics: ['web', 'rust'] });
    const listedAs = async (statuses?: string[]) =>
      (
        await call(t.app, 'POST', '/api/group-projects', null, {
          sortField: 'date_posted',
          order: 'DESC',
          page: 1,
          ...(statuses ? { statuses } : {}),
        })
      ).json().total as number;
    const [all, full] = [await listedAs(), await listedAs(['full'])];
    await call(t.app, 'POST', '/api/group-projects/join', joiner.cookie, { groupProjectId: small });
    expect(await listedAs(['full'])).toBe(full + 1);
    expect(await listedAs()).toBe(all);
    await expectExact(t);
    await call(t.app, 'DELETE', '/api/group-projects/leave', joiner.cookie, { groupProjectId: small });
    expect(await listedAs(['full'])).toBe(full);
    for (const status of ['closed', 'archived', 'open', 'closed'] as const) {
      const set = await call(t.app, 'POST', '/api/group-projects/status', owner.cookie, {
        groupProjectId: other,
        status,
      });
      expect(set.statusCode).toBe(200);
      await expectExact(t);
    }
    // Closed groups leave the default list and are counted under their status.
    expect(await listedAs()).toBe(all - 1);
    expect(await listedAs(['closed'])).toBeGreaterThanOrEqual(1);
  });

  it('through concurrent saves and posts', async () => {
    const users = await Promise.all(
      [0, 1, 2, 3].map((i) => createSignedInUser(t.database.db, `concurrent-${i}`)),
    );
    const projectIds = (await t.database.db.selectFrom('projects').select('id').execute()).map((r) => r.id);
    await Promise.all(
      users.flatMap((user, i) => [
        postGroup(t.app, user.cookie, { topics: ['web', `t${i}`] }),
        ...projectIds.map((projectId) =>
          call(t.app, 'POST', '/api/projects/save', user.cookie, { projectId }),
        ),
      ]),
    );
    await expectExact(t);
  });

  it('through any sequence of raw statements, committed, rolled back or truncated', async () => {
    const db = t.database.db;
    const owner = await createSignedInUser(db, 'raw-owner');
    const language = fc.constantFrom('Rust', 'Go', 'TypeScript', null);
    const topics = fc.uniqueArray(fc.constantFrom('cli', 'tooling', 'web', 'rust', 'db'), { maxLength: 3 });
    const figure = fc.option(fc.integer({ min: 0, max: 50 }), { nil: null });
    let made = 0;
    const statement = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        rows: fc.array(fc.tuple(language, topics, figure, figure), { minLength: 1, maxLength: 4 }),
      }),
      fc.record({
        kind: fc.constant('update' as const),
        mod: fc.integer({ min: 1, max: 3 }),
        language,
        topics,
        figure,
      }),
      fc.record({ kind: fc.constant('save' as const), mod: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constant('rename' as const),
        mod: fc.integer({ min: 1, max: 3 }),
        seed: fc.integer({ min: 1, max: 50 }),
      }),
      fc.record({ kind: fc.constant('redraw' as const), size: fc.integer({ min: 2, max: 5 }) }),
      fc.record({ kind: fc.constant('delete' as const), mod: fc.integer({ min: 2, max: 5 }) }),
      fc.record({
        kind: fc.constant('group' as const),
        topics,
        hidden: fc.boolean(),
        skill: fc.constantFrom('Beginner', 'Advanced'),
      }),
      fc.record({
        kind: fc.constant('regroup' as const),
        mod: fc.integer({ min: 1, max: 3 }),
        topics,
        hide: fc.boolean(),
        visibility: fc.constantFrom('public', 'private'),
        status: fc.constantFrom('open', 'closed', 'archived'),
        capacity: fc.constantFrom(null, 2, 3),
        members: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('ungroup' as const), mod: fc.integer({ min: 2, max: 4 }) }),
    );
    type Statement = typeof statement extends fc.Arbitrary<infer S> ? S : never;
    const run = async (executor: typeof db, s: Statement) => {
      switch (s.kind) {
        case 'insert':
          for (const [lang, tops, contributors, usedBy] of s.rows) {
            made++;
            await executor
              .insertInto('projects')
              .values({
                repo_ext: `raw/p${made}`,
                name: `p${made}`,
                language: lang,
                topics: tops,
                contributors,
                used_by: usedBy,
              })
              .execute();
          }
          return;
        case 'update':
          await sql`update projects set language = ${s.language}, topics = ${sql.val(s.topics)}::text[],
                    contributors = ${s.figure}, used_by = ${s.figure === null ? 1000 : null}
                    where id % ${s.mod} = 0`.execute(executor);
          return;
        case 'save':
          await sql`update projects set saves = saves + 300 where id % ${s.mod} = 0`.execute(executor);
          return;
        case 'rename':
          await sql`update projects set name = 'q' || (id * ${s.seed} % 97) where id % ${s.mod} = 0`.execute(
            executor,
          );
          return;
        case 'redraw':
          await sql`select project_name_buckets_rebuild(${s.size}::int)`.execute(executor);
          return;
        case 'delete':
          await sql`delete from projects where id % ${s.mod} = 0`.execute(executor);
          return;
        case 'group':
          await sql`insert into group_projects (title, description, topics, skill_level, visibility, owner_id, hidden_at)
                    values ('g', 'd', ${sql.val(s.topics)}::text[], ${s.skill}, 'public', ${owner.id},
                            ${s.hidden ? sql`now()` : null})`.execute(executor);
          return;
        case 'regroup':
          await sql`update group_projects set topics = ${sql.val(s.topics)}::text[], visibility = ${s.visibility},
                    saves = saves + 1, date_posted = date_posted - interval '2 days',
                    status = ${s.status}, max_members = ${s.capacity}, member_count = ${s.members},
                    hidden_at = ${s.hide ? sql`now()` : null} where id % ${s.mod} = 0`.execute(executor);
          return;
        case 'ungroup':
          await sql`delete from group_projects where id % ${s.mod} = 0`.execute(executor);
          return;
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(statement, fc.constantFrom('commit', 'rollback')), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (steps, truncateFirst) => {
          if (truncateFirst) await sql`truncate projects, group_projects cascade`.execute(db);
          for (const [s, outcome] of steps) {
            if (outcome === 'commit') {
              await run(db, s);
              continue;
            }
            await db
              .transaction()
              .execute(async (trx) => {
                await run(trx, s);
                throw new Error('roll back');
              })
              .catch(() => {});
          }
          expect(await drift(t)).toEqual({ projects: [], groups: [], buckets: [], names: [] });
        },
      ),
      { numRuns: 25, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
    await expectExact(t);
  });
});
