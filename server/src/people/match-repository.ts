import { PEOPLE_FOR_GROUP_MAX } from '@openlfg/contracts';
import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import { blockedSql } from '../platform/db/blocks.js';
import { matchedSkills, matchScore, overlapMinutesSql, type MatchSides } from '../platform/db/match-score.js';
import type { DB } from '../platform/db/schema.js';

/** The advisory lock namespace of an owner's invitations ("PINV"): counted one at a time, across nodes. */
const INVITE_LOCK_NAMESPACE = 0x50494e56;

/** A group's needs, as "People for your group" ranks against them. */
export interface GroupNeedsRow {
  id: number;
  owner_id: number;
  needs_skills: string[];
  timezone_from: number | null;
  timezone_to: number | null;
  hours_per_week: number | null;
}

/** Whether either of two people blocked the other: matching never brings them together. */
const apart = (one: Expression<number | null>, other: Expression<number | null>) =>
  sql<boolean>`(${blockedSql(one, other)} or ${blockedSql(other, one)})`;

/** "People for your group" and the invitations sent from there. */
export function createPeopleMatchRepository(db: Kysely<DB>) {
  return {
    db,

    groupNeeds(groupId: number): Promise<GroupNeedsRow | undefined> {
      return db
        .selectFrom('group_projects')
        .select(['id', 'owner_id', 'needs_skills', 'timezone_from', 'timezone_to', 'hours_per_week'])
        .where('id', '=', groupId)
        .executeTakeFirst();
    },

    /**
     * People looking for a group, ranked against its needs (platform/db/match-score.ts): with needs, only those
     * with one of the skills (the profiles' partial GIN index, migration 0033). Never its members, its owner,
     * people it removed, or anyone a block stands between with the owner, either way (as "Groups for you" leaves
     * their groups out); and only people whose profile the owner may see (shown to signed-in users, or they
     * asked to join one of the owner's groups).
     */
    peopleFor(group: GroupNeedsRow) {
      const sides: MatchSides = {
        shared: { known: group.needs_skills, column: sql`p.match_skills` },
        needs: sql`${sql.val(group.needs_skills)}::text[]`,
        skills: sql`p.match_skills`,
        timezoneFrom: sql`${group.timezone_from}::int`,
        timezoneTo: sql`${group.timezone_to}::int`,
        offset: sql`p.utc_offset_minutes`,
        groupHours: sql`${group.hours_per_week}::int`,
        personHours: sql`p.hours_per_week`,
        activeAt: sql`p.updated_at`,
      };
      const bySkill =
        group.needs_skills.length > 0
          ? sql`and p.match_skills && ${sql.val(group.needs_skills)}::text[]`
          : sql``;
      return sql<{
        user_id: number;
        login: string;
        name: string | null;
        avatar_url: string | null;
        pitch: string | null;
        utc_offset_minutes: number | null;
        hours_per_week: number | null;
        updated_at: Date;
        score: number;
        matched_skills: string[];
        overlap_minutes: number | null;
        invited: boolean;
      }>`
        select ranked.*, u.login, u.name, u.avatar_url,
               exists (select 1 from group_person_invitations i
                       where i.group_id = ${group.id} and i.invitee_id = ranked.user_id) as invited
        from (
          select p.user_id, p.pitch, p.utc_offset_minutes, p.hours_per_week, p.updated_at,
                 ${matchScore(sides)} as score,
                 ${matchedSkills(sides)} as matched_skills,
                 ${overlapMinutesSql(sides)} as overlap_minutes
          from user_profiles p
          where p.looking_for_group ${bySkill}
            and p.user_id <> ${group.owner_id}
            and not exists (select 1 from group_members m where m.group_id = ${group.id} and m.user_id = p.user_id)
            and not exists (select 1 from group_removals r where r.group_id = ${group.id} and r.user_id = p.user_id)
            and not ${apart(sql.ref('p.user_id'), sql.val(group.owner_id))}
            and (p.visible_to = 'signed-in' or exists (
                  select 1 from group_join_requests jr join group_projects g on g.id = jr.group_id
                  where jr.user_id = p.user_id and g.owner_id = ${group.owner_id}))
          order by score desc, p.updated_at desc, p.user_id
          limit ${PEOPLE_FOR_GROUP_MAX}
        ) ranked
        join users u on u.id = ranked.user_id
        order by ranked.score desc, ranked.updated_at desc, ranked.user_id`
        .execute(db)
        .then((result) => result.rows.map((row) => ({ ...row, score: Number(row.score) })));
    },

    /**
     * The user with this login if they look for a group, the owner may see their profile and no block stands
     * between them (as the ranking above): an owner invites only people "People for your group" could show them.
     */
    findInvitee(login: string, ownerId: number) {
      return db
        .selectFrom('users as u')
        .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.login'])
        .where(sql<boolean>`lower(u.login) = lower(${login})`)
        .where('p.looking_for_group', '=', true)
        .where(
          sql<boolean>`(p.visible_to = 'signed-in' or exists (
            select 1 from group_join_requests jr join group_projects g on g.id = jr.group_id
            where jr.user_id = p.user_id and g.owner_id = ${ownerId}))`,
        )
        .where((eb) => eb.not(apart(sql.ref('u.id'), sql.val(ownerId))))
        .executeTakeFirst();
    },

    async isMember(groupId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The owner's invitations in the last day and, when there are any, the seconds until the oldest leaves the
     * window (the database's clock). With `trx`, under the owner's lock held to the commit, so two invitations
     * at once on any nodes count each other.
     */
    async sentToday(
      executor: Kysely<DB> | Transaction<DB>,
      inviterId: number,
      lock: boolean,
    ): Promise<{ count: number; freeInSeconds: number }> {
      if (lock) {
        await sql`select pg_advisory_xact_lock(${INVITE_LOCK_NAMESPACE}::int4, hashtext(${String(inviterId)}))`.execute(
          executor,
        );
      }
      const result = await sql<{ count: number; free_in: number | null }>`
        select count(*)::int as count,
               ceil(extract(epoch from (min(sent_at) + interval '1 day' - now())))::int as free_in
        from group_person_invitations
        where inviter_id = ${inviterId} and sent_at > now() - interval '1 day'`.execute(executor);
      const row = result.rows[0];
      return { count: row?.count ?? 0, freeInSeconds: Math.max(1, row?.free_in ?? 1) };
    },

    async alreadyInvited(executor: Kysely<DB> | Transaction<DB>, groupId: number, inviteeId: number) {
      const row = await executor
        .selectFrom('group_person_invitations')
        .select('id')
        .where('group_id', '=', groupId)
        .where('invitee_id', '=', inviteeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async recordInvitation(
      trx: Transaction<DB>,
      values: { groupId: number; inviterId: number; inviteeId: number; inviteId: number },
    ): Promise<void> {
      await trx
        .insertInto('group_person_invitations')
        .values({
          group_id: values.groupId,
          inviter_id: values.inviterId,
          invitee_id: values.inviteeId,
          invite_id: values.inviteId,
        })
        .execute();
    },
  };
}

export type PeopleMatchRepository = ReturnType<typeof createPeopleMatchRepository>;
