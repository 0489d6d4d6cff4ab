import { sql } from 'kysely';
import type { App } from '../../src/app.js';
import type { TestDatabase } from './database.js';
import { call, postGroup } from './groups.js';
import { createSignedInUser } from './users.js';

/** A pending project request for `repoExt`, asked by each of `requesters` (user ids). */
export async function createRequest(db: TestDatabase['db'], repoExt: string, requesters: number[]) {
  const { id } = await db
    .insertInto('project_requests')
    .values({ repo_ext: repoExt })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const userId of requesters) {
    await db.insertInto('project_request_requesters').values({ request_id: id, user_id: userId }).execute();
  }
  return id;
}

let reporters = 0;

/** A group posted by `ownerCookie` and reported by `count` fresh users; answers its id and the reporters. */
export async function reportedGroup(
  app: App,
  db: TestDatabase['db'],
  ownerCookie: string,
  count = 1,
  overrides: Parameters<typeof postGroup>[2] = {},
) {
  const groupId = await postGroup(app, ownerCookie, overrides);
  const logins: string[] = [];
  for (let i = 0; i < count; i++) {
    const reporter = await createSignedInUser(db, `reporter-${++reporters}`);
    const res = await call(app, 'POST', '/api/group-projects/report', reporter.cookie, {
      groupProjectId: groupId,
      reason: `spam ${reporters}`,
    });
    if (res.statusCode !== 201) throw new Error(`reporting failed: ${res.statusCode} ${res.body}`);
    logins.push(reporter.login);
  }
  return { groupId, reporters: logins };
}

export async function auditRows(db: TestDatabase['db']) {
  return db.selectFrom('audit_log').selectAll().orderBy('id').execute();
}

export async function projectCount(db: TestDatabase['db'], repoExt: string): Promise<number> {
  const { count } = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(sql<boolean>`lower(repo_ext) = lower(${repoExt})`)
    .executeTakeFirstOrThrow();
  return Number(count);
}
