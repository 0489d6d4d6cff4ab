import { DECIDED_REQUEST_KEEP_DAYS } from '@openlfg/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { listable, selectGroup, type Executor } from './group-rows.js';

/** One group's page (the group, its members and their activity) and each user's own lists of groups. */
export function createReadingRepository(db: Kysely<DB>) {
  return {
    findGroup(executor: Executor, id: number) {
      return selectGroup(executor).where('group_projects.id', '=', id).executeTakeFirst();
    },

    members(executor: Executor, groupId: number) {
      return executor
        .selectFrom('group_members')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .select([
          'users.id',
          'users.login',
          'users.avatar_url',
          'group_members.role',
          'group_members.joined_at',
        ])
        .where('group_members.group_id', '=', groupId)
        .orderBy(sql`group_members.role = 'owner'`, 'desc')
        .orderBy('group_members.joined_at')
        .execute();
    },

    /** When each member of the group last posted on its board (members who never did are left out). */
    lastPosts(executor: Executor, groupId: number) {
      return executor
        .selectFrom('messages')
        .innerJoin('group_members', (join) =>
          join
            .onRef('group_members.user_id', '=', 'messages.author_id')
            .on('group_members.group_id', '=', groupId),
        )
        .select(['group_members.user_id', (eb) => eb.fn.max('messages.created_at').as('last_post_at')])
        .where('messages.group_id', '=', groupId)
        .groupBy('group_members.user_id')
        .execute();
    },

    groupsOf(userId: number) {
      return (
        selectGroup(db)
          .innerJoin('group_members as mine', 'mine.group_id', 'group_projects.id')
          .select('mine.role as my_role')
          .where('mine.user_id', '=', userId)
          // A hidden group stays in its owner's list only.
          .where((eb) => listable(eb, userId))
          .orderBy('group_projects.date_posted', 'desc')
          .orderBy('group_projects.id')
          .execute()
      );
    },

    createdBy(userId: number) {
      return selectGroup(db)
        .where('group_projects.owner_id', '=', userId)
        .orderBy('group_projects.date_posted', 'desc')
        .orderBy('group_projects.id')
        .execute();
    },

    /**
     * The groups whose repository is `repoExt` (ignoring case, as GitHub compares names) that lists show (never a
     * hidden one), newest first, at most `limit`; and how many there are (one statement, one snapshot).
     */
    async aroundRepository(repoExt: string, limit: number) {
      const rows = await selectGroup(db)
        .select(sql<string>`count(*) over ()`.as('around_total'))
        .where(sql<boolean>`lower(group_projects.repo_ext) = lower(${repoExt})`)
        .where('group_projects.repo_ext', 'is not', null)
        .where((eb) => listable(eb))
        .orderBy('group_projects.date_posted', 'desc')
        .orderBy('group_projects.id', 'desc')
        .limit(limit)
        .execute();
      return { rows, total: Number(rows[0]?.around_total ?? 0) };
    },

    savedBy(userId: number) {
      return selectGroup(db)
        .innerJoin('group_saves', 'group_saves.group_id', 'group_projects.id')
        .where('group_saves.user_id', '=', userId)
        .where((eb) => listable(eb))
        .orderBy('group_saves.created_at', 'desc')
        .orderBy('group_projects.id')
        .execute();
    },

    /**
     * "My requests": per group, the user's latest request when it is pending, or approved or declined within
     * DECIDED_REQUEST_KEEP_DAYS (asking again after a decline shows the new pending one; cancelled ones go).
     */
    myPendingRequests(userId: number) {
      return db
        .selectFrom((eb) =>
          eb
            .selectFrom('group_join_requests')
            .distinctOn('group_id')
            .select(['group_id', 'status', 'created_at', 'decided_at', 'note'])
            .where('user_id', '=', userId)
            .orderBy('group_id')
            .orderBy('id', 'desc')
            .as('latest'),
        )
        .innerJoin('group_projects', 'group_projects.id', 'latest.group_id')
        .select([
          'group_projects.id as group_id',
          'group_projects.title',
          'latest.created_at',
          'latest.status',
          'latest.decided_at',
          'latest.note',
        ])
        .where((eb) =>
          eb.or([
            eb('latest.status', '=', 'pending'),
            eb.and([
              eb('latest.status', 'in', ['approved', 'rejected']),
              eb(
                'latest.decided_at',
                '>',
                sql<Date>`now() - make_interval(days => ${DECIDED_REQUEST_KEEP_DAYS})`,
              ),
            ]),
          ]),
        )
        .where((eb) => listable(eb))
        .orderBy(sql`coalesce(latest.decided_at, latest.created_at)`, 'desc')
        .execute();
    },

    pendingOnGroupsOwnedBy(userId: number) {
      return (
        db
          .selectFrom('group_join_requests')
          .innerJoin('group_projects', 'group_projects.id', 'group_join_requests.group_id')
          .innerJoin('users', 'users.id', 'group_join_requests.user_id')
          .select([
            'group_projects.id as group_id',
            'group_projects.title',
            'users.login',
            'users.avatar_url',
            'group_join_requests.created_at',
            'group_join_requests.message',
          ])
          .where('group_projects.owner_id', '=', userId)
          .where('group_join_requests.status', '=', 'pending')
          // Only a private group's requests are the owner's to decide: a group made public keeps them (they come
          // back if it turns private again) while its requesters can join directly.
          .where('group_projects.visibility', '=', 'private')
          .orderBy('group_join_requests.created_at')
          .execute()
      );
    },
  };
}
