import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, postGroup, useGroupsWorld } from './support/groups.js';
import { expectExact } from './support/list-counts.js';

/**
 * A group's last activity (`active_at`, which "Groups for you" ranks by) follows its board: a message moves it
 * at most once an hour (migration 0033's trigger, 0040's look before the update). The hour's other messages
 * leave the group's row alone, and no message moves the lists' counts.
 */
const g = useGroupsWorld();

async function activeAt(groupId: number): Promise<Date> {
  const { rows } = await sql<{ active_at: Date }>`
    select active_at from group_projects where id = ${groupId}`.execute(g.t.database.db);
  const [row] = rows;
  if (!row) throw new Error(`no group ${groupId}`);
  return row.active_at;
}

async function post(groupId: number, text: string): Promise<Date> {
  const res = await call(g.t.app, 'POST', '/api/messages/add-message', g.owner.cookie, {
    groupProjectId: groupId,
    text,
    clientId: crypto.randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Date(res.json().data.createdAt as string);
}

describe('a group’s last activity', () => {
  it('stays put for a message within the hour, and moves to a message an hour or more after it', async () => {
    const groupId = await postGroup(g.t.app, g.owner.cookie);
    const posted = await activeAt(groupId);

    await post(groupId, 'Within the hour');
    expect(await activeAt(groupId)).toEqual(posted);

    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await sql`update group_projects set active_at = ${twoHoursAgo} where id = ${groupId}`.execute(
      g.t.database.db,
    );
    const createdAt = await post(groupId, 'After a quiet while');
    expect((await activeAt(groupId)).getTime()).toBe(createdAt.getTime());
    await expectExact(g.t);
  });
});
