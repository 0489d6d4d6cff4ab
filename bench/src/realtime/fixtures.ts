import { sql, type Kysely } from 'kysely';
import { createAccountsRepository } from '../../../server/dist/accounts/repository.js';
import { createSessions } from '../../../server/dist/accounts/sessions.js';
import type { DB } from '../../../server/dist/platform/db/schema.js';

export interface BenchUser {
  id: number;
  login: string;
  /** The Cookie header a signed-in browser sends. */
  cookie: string;
}

export interface BenchRoom {
  groupId: number;
  room: string;
  /** Its members (the first is the owner); each follows the room on one socket and posts to it. */
  members: BenchUser[];
}

/**
 * The boards under load: `rooms` private groups with `perRoom` members each, every member a signed-in user of
 * their own with a live session, made directly in the database as the server's test helpers do
 * (server/test/support/users.ts); the sign-in flow itself is not what is measured.
 */
export async function createRooms(db: Kysely<DB>, rooms: number, perRoom: number): Promise<BenchRoom[]> {
  const accounts = createAccountsRepository(db);
  const sessions = createSessions(accounts, { idleTimeoutMs: 86_400_000, absoluteTimeoutMs: 86_400_000 });
  const total = rooms * perRoom;
  const users: BenchUser[] = [];
  const CONCURRENCY = 20;
  for (let start = 0; start < total; start += CONCURRENCY) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, total - start) }, async (_, offset) => {
        const n = start + offset;
        const login = `rt-bench-${n}`;
        const user = await accounts.upsertUser(
          { githubId: 3 * 2 ** 40 + n, login, name: login, avatarUrl: null },
          'v1.unused.unused.unused',
        );
        const session = await sessions.start(user.id);
        return { id: user.id, login, cookie: `openlfg_session=${session.id}` };
      }),
    );
    users.push(...batch);
  }
  const result: BenchRoom[] = [];
  for (let r = 0; r < rooms; r += 1) {
    const members = users.slice(r * perRoom, (r + 1) * perRoom);
    const owner = members[0];
    if (!owner) throw new Error('a room needs members');
    const group = await db
      .insertInto('group_projects')
      .values({
        title: `Realtime bench board ${r}`,
        description: 'A private group whose board the realtime bench loads.',
        topics: sql<string[]>`array['bench']`,
        skill_level: 'Any level',
        visibility: 'private',
        owner_id: owner.id,
        member_count: members.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('group_members')
      .values(
        members.map((member, index) => ({
          group_id: group.id,
          user_id: member.id,
          role: index === 0 ? ('owner' as const) : ('member' as const),
        })),
      )
      .execute();
    result.push({ groupId: group.id, room: `discussion-board-${group.id}`, members });
  }
  return result;
}
