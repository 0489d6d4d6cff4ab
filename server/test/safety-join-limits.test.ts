import { JOIN_REQUESTS_PENDING_MAX, JOIN_REQUESTS_PER_DAY_MAX } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { createSignedInUser } from './support/users.js';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

let t: TestApp;
let owner: User;
let users = 0;
const fresh = (name: string) => createSignedInUser(t.database.db, `lim-${name}-${++users}`);

beforeAll(async () => {
  // The test app turns the limits off (its users ask many groups); here they are the site's own.
  t = await createTestApp({
    env: {
      JOIN_REQUESTS_PENDING_MAX: String(JOIN_REQUESTS_PENDING_MAX),
      JOIN_REQUESTS_PER_DAY_MAX: String(JOIN_REQUESTS_PER_DAY_MAX),
    },
  });
  owner = await createSignedInUser(t.database.db, 'lim-owner');
});
afterAll(() => t.close());

const ask = (user: User, groupProjectId: number) =>
  call(t.app, 'POST', '/api/group-projects/request', user.cookie, { groupProjectId });
const privateGroups = (n: number) =>
  Promise.all(Array.from({ length: n }, () => postGroup(t.app, owner.cookie, { visibility: 'private' })));

describe('limits on requests to join', () => {
  it(`allows ${JOIN_REQUESTS_PENDING_MAX} pending at once, then answers 429 saying so`, async () => {
    const asker = await fresh('asker');
    const groups = await privateGroups(JOIN_REQUESTS_PENDING_MAX + 1);
    const [first, last] = [groups[0] ?? 0, groups[JOIN_REQUESTS_PENDING_MAX] ?? 0];
    for (const id of groups.slice(0, JOIN_REQUESTS_PENDING_MAX))
      expect((await ask(asker, id)).statusCode).toBe(201);
    const over = await ask(asker, last);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('JOIN_REQUEST_LIMIT');
    expect(over.json().error.message).toContain(`${JOIN_REQUESTS_PENDING_MAX} requests to join waiting`);
    // Asking again where one is pending is no new request, and still answers.
    expect((await ask(asker, first)).statusCode).toBe(200);
    // Cancelling one makes room.
    const cancel = await call(t.app, 'DELETE', '/api/group-projects/request', asker.cookie, {
      groupProjectId: groups[0],
    });
    expect(cancel.statusCode).toBe(200);
    expect((await ask(asker, last)).statusCode).toBe(201);
  });

  it(`allows ${JOIN_REQUESTS_PER_DAY_MAX} a day, then answers 429 with when to try again`, async () => {
    const asker = await fresh('asker');
    // A day's requests so far, made and already cancelled (so the pending limit is not what stops them).
    const earlier = await privateGroups(JOIN_REQUESTS_PER_DAY_MAX);
    await t.database.db
      .insertInto('group_join_requests')
      .values(earlier.map((id) => ({ group_id: id, user_id: asker.id, status: 'cancelled' as const })))
      .execute();
    const next = (await privateGroups(1))[0] ?? 0;
    const over = await ask(asker, next);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toContain(`${JOIN_REQUESTS_PER_DAY_MAX} groups in the last 24 hours`);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // A day later they count no more.
    await sql`update group_join_requests set created_at = now() - interval '25 hours' where user_id = ${asker.id}`.execute(
      t.database.db,
    );
    expect((await ask(asker, next)).statusCode).toBe(201);
  });
});
